// A request's body, or null when it is over `limit` bytes or breaks off. A long body is still read to its end:
// answering before the body is consumed can reset the connection before the client reads the answer.
export function readBody(req, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(null));
  });
}
