// Prettier formats everything `.prettierignore` leaves in; `npm run lint` checks it, `npm run format` writes it.
/** @type {import("prettier").Config & import("prettier-plugin-tailwindcss").PluginOptions} */
export default {
  // The code is written at about this width; narrower would wrap most JSX lines.
  printWidth: 120,
  plugins: ["prettier-plugin-tailwindcss"],
  // Tailwind 4 keeps its configuration in the CSS entry: the plugin reads the theme from it to sort classes.
  tailwindStylesheet: "./app/tailwind.css",
};
