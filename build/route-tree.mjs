// The router plugin's file-based routes: the Vite plugin and the recipes (npm run new) generate the same tree.
export const ROUTE_TREE = {
  target: 'react',
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
  quoteStyle: 'single',
};
