// The passkey forms (passkeyForm): options from the provider, the authenticator's answer posted with the form.
const { startAuthentication, startRegistration } = window.SimpleWebAuthnBrowser;

const FAILED = {
  'sign-in': 'No passkey was used. Try again, or sign in with your password.',
  register: 'No passkey was created. Try again.',
};

for (const form of document.querySelectorAll('form[data-passkey]')) {
  const kind = form.dataset.passkey;
  const status = form.nextElementSibling;
  const button = form.querySelector('button');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.textContent = '';
    button.disabled = true;
    try {
      const response = await fetch(form.dataset.options, { method: 'POST', headers: { accept: 'application/json' } });
      const body = await response.json();
      if (!response.ok) throw new Error(body.error);
      const credential =
        kind === 'register'
          ? await startRegistration({ optionsJSON: body })
          : await startAuthentication({ optionsJSON: body });
      form.elements.namedItem('credential').value = JSON.stringify(credential);
      form.submit();
    } catch {
      status.textContent = FAILED[kind];
      button.disabled = false;
    }
  });
}
