// A landing page as our prompts make models write it: Tailwind from the CDN script the prompts
// name (v4's browser build by default), and the utility mix generated pages use — responsive
// grids, hover and focus states, gradients, rings, shades of several colours, arbitrary values —
// section after section until it reaches the size asked for. Used where the preview's real
// work matters: the footprint runs and the live-input test.

export const TAILWIND_SCRIPTS = {
  // What src-tauri/crates/core/src/prompts/cdn.rs tells models to load.
  4: '<script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script>',
  // The v3 Play CDN, as imported and older pages have it.
  3: '<script src="https://cdn.tailwindcss.com"></script>',
  // No Tailwind at all: the page's parse and layout alone.
  0: "",
};

const HUES = ["indigo", "emerald", "sky", "rose", "amber", "violet", "teal", "fuchsia", "cyan", "lime", "orange", "blue"];
const WORDS =
  "Ship dashboards your whole team understands: live data, shared views and alerts that arrive before your customers notice anything is wrong.";

function nav(hue, i) {
  return `<header class="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/60">
  <div class="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
    <a href="#s${i}" class="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900"><span class="inline-flex size-8 items-center justify-center rounded-lg bg-${hue}-600 text-white shadow-sm">A</span>Acme ${i}</a>
    <nav class="hidden items-center gap-8 text-sm font-medium text-slate-600 md:flex">
      ${["Product", "Solutions", "Pricing", "Docs", "Company"].map((w) => `<a href="#s${i}" class="transition-colors hover:text-${hue}-600 focus-visible:outline-2 focus-visible:outline-${hue}-500">${w}</a>`).join("\n      ")}
    </nav>
    <div class="flex items-center gap-3"><a href="#s${i}" class="hidden text-sm font-medium text-slate-700 hover:text-slate-900 sm:block">Sign in</a><a href="#s${i}" class="rounded-full bg-${hue}-600 px-4 py-2 text-sm font-semibold text-white shadow-sm ring-1 ring-${hue}-700/10 transition hover:bg-${hue}-500 active:scale-95">Start free</a></div>
  </div>
</header>`;
}

function hero(hue, i) {
  return `<section id="s${i}" class="relative isolate overflow-hidden bg-gradient-to-b from-${hue}-50 via-white to-white py-20 sm:py-28 lg:py-32">
  <div class="absolute inset-x-0 -top-40 -z-10 transform-gpu overflow-hidden blur-3xl sm:-top-80"><div class="relative left-[calc(50%-11rem)] aspect-[1155/678] w-[36rem] -translate-x-1/2 rotate-[30deg] bg-gradient-to-tr from-${hue}-300 to-${HUES[(i + 3) % HUES.length]}-400 opacity-30 sm:w-[72rem]"></div></div>
  <div class="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
    <div class="max-w-xl">
      <p class="inline-flex items-center gap-2 rounded-full bg-${hue}-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-${hue}-700">New in ${2020 + (i % 7)}</p>
      <h1 class="mt-6 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">Know what happens <span class="bg-gradient-to-r from-${hue}-600 to-${HUES[(i + 5) % HUES.length]}-500 bg-clip-text text-transparent">before it happens</span></h1>
      <p class="mt-6 text-lg leading-8 text-slate-600">${WORDS}</p>
      <div class="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center"><a href="#s${i}" class="rounded-xl bg-slate-900 px-6 py-3 text-center text-sm font-semibold text-white shadow-lg shadow-slate-900/10 hover:bg-slate-800">Get started</a><a href="#s${i}" class="group inline-flex items-center justify-center gap-1 text-sm font-semibold text-slate-900">Watch the demo <span class="transition-transform group-hover:translate-x-1">→</span></a></div>
    </div>
    <div class="relative rounded-2xl bg-slate-900/5 p-2 ring-1 ring-inset ring-slate-900/10 lg:-m-4 lg:rounded-3xl lg:p-4"><div class="aspect-[16/10] rounded-xl bg-gradient-to-br from-${hue}-500 to-${hue}-800 shadow-2xl"></div></div>
  </div>
</section>`;
}

function features(hue, i) {
  const cards = Array.from(
    { length: 6 },
    (_, j) => `<article class="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-${hue}-300 hover:shadow-md">
        <div class="flex size-10 items-center justify-center rounded-lg bg-${HUES[(i + j) % HUES.length]}-50 text-${HUES[(i + j) % HUES.length]}-600 ring-1 ring-${HUES[(i + j) % HUES.length]}-100">${j + 1}</div>
        <h3 class="mt-4 text-base font-semibold text-slate-900">Feature ${i}.${j}</h3>
        <p class="mt-2 flex-1 text-sm leading-6 text-slate-600">${WORDS}</p>
        <a href="#s${i}" class="mt-4 inline-flex items-center gap-1 text-sm font-medium text-${hue}-600 hover:underline hover:underline-offset-4">Learn more <span aria-hidden="true">→</span></a>
      </article>`,
  );
  return `<section id="s${i}" class="bg-white py-16 sm:py-24">
  <div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
    <div class="mx-auto max-w-2xl text-center"><h2 class="text-base font-semibold leading-7 text-${hue}-600">Everything you need</h2><p class="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Section ${i}: built for busy teams</p></div>
    <div class="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      ${cards.join("\n      ")}
    </div>
  </div>
</section>`;
}

function pricing(hue, i) {
  const tiers = ["Starter", "Team", "Enterprise"].map(
    (name, j) => `<div class="flex flex-col rounded-3xl p-8 ring-1 ${j === 1 ? `bg-slate-900 text-white ring-slate-900 shadow-xl lg:scale-105` : "bg-white ring-slate-200"}">
        <h3 class="text-lg font-semibold ${j === 1 ? "text-white" : "text-slate-900"}">${name}</h3>
        <p class="mt-4 flex items-baseline gap-x-1"><span class="text-4xl font-bold tracking-tight">$${(j + 1) * 19}</span><span class="text-sm ${j === 1 ? "text-slate-300" : "text-slate-500"}">/month</span></p>
        <ul class="mt-8 space-y-3 text-sm leading-6 ${j === 1 ? "text-slate-300" : "text-slate-600"}">
          ${Array.from({ length: 5 }, (_, k) => `<li class="flex gap-x-3"><span class="text-${hue}-${j === 1 ? 400 : 600}">✓</span>Included item ${k + 1}</li>`).join("\n          ")}
        </ul>
        <a href="#s${i}" class="mt-8 block rounded-lg px-3 py-2 text-center text-sm font-semibold ${j === 1 ? `bg-${hue}-500 text-white hover:bg-${hue}-400` : `text-${hue}-600 ring-1 ring-inset ring-${hue}-200 hover:ring-${hue}-300`} focus-visible:outline-2 focus-visible:outline-offset-2">Choose ${name}</a>
      </div>`,
  );
  return `<section id="s${i}" class="bg-slate-50 py-16 sm:py-24">
  <div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
    <h2 class="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Pricing for section ${i}</h2>
    <div class="mx-auto mt-12 grid max-w-md grid-cols-1 gap-8 lg:max-w-none lg:grid-cols-3 lg:items-center">
      ${tiers.join("\n      ")}
    </div>
  </div>
</section>`;
}

function testimonials(hue, i) {
  const quotes = Array.from(
    { length: 3 },
    (_, j) => `<figure class="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5">
        <blockquote class="text-sm leading-6 text-slate-700">“${WORDS}”</blockquote>
        <figcaption class="mt-6 flex items-center gap-x-4"><div class="size-10 rounded-full bg-gradient-to-br from-${HUES[(i + j + 1) % HUES.length]}-400 to-${HUES[(i + j + 2) % HUES.length]}-600"></div><div><div class="font-semibold text-slate-900">Person ${i}.${j}</div><div class="text-xs text-slate-500">Head of Ops, Company ${j}</div></div></figcaption>
      </figure>`,
  );
  return `<section id="s${i}" class="relative bg-${hue}-950 py-16 sm:py-24">
  <div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
    <h2 class="text-center text-3xl font-bold tracking-tight text-white">Loved by teams (${i})</h2>
    <div class="mt-12 grid gap-6 md:grid-cols-3">
      ${quotes.join("\n      ")}
    </div>
  </div>
</section>`;
}

function faq(hue, i) {
  const items = Array.from(
    { length: 5 },
    (_, j) => `<details class="group py-4 [&_summary::-webkit-details-marker]:hidden"><summary class="flex cursor-pointer items-center justify-between text-base font-medium text-slate-900">Question ${i}.${j}?<span class="ml-6 text-${hue}-600 transition group-open:rotate-45">+</span></summary><p class="mt-3 text-sm leading-6 text-slate-600">${WORDS}</p></details>`,
  );
  return `<section id="s${i}" class="bg-white py-16">
  <div class="mx-auto max-w-3xl divide-y divide-slate-200 px-4 sm:px-6 lg:px-8">
    <h2 class="pb-6 text-2xl font-bold tracking-tight text-slate-900">Questions, part ${i}</h2>
    ${items.join("\n    ")}
  </div>
</section>`;
}

function footer(hue, i) {
  return `<footer class="bg-slate-900 py-12 text-slate-400">
  <div class="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 sm:px-6 md:grid-cols-4 lg:px-8">
    ${["Product", "Company", "Resources", "Legal"].map((t) => `<div><h3 class="text-sm font-semibold text-white">${t}</h3><ul class="mt-4 space-y-2 text-sm">${[1, 2, 3, 4].map((k) => `<li><a href="#s${i}" class="hover:text-${hue}-300">${t} link ${k}</a></li>`).join("")}</ul></div>`).join("\n    ")}
  </div>
  <p class="mx-auto mt-10 max-w-7xl px-4 text-xs sm:px-6 lg:px-8">© 2026 Acme ${i}. All rights reserved.</p>
</footer>`;
}

const SECTIONS = [nav, hero, features, pricing, testimonials, faq, footer];

/** A Tailwind landing page of about `kb` kilobytes; `tailwind` is 4, 3 or 0 (TAILWIND_SCRIPTS). */
export function tailwindPage({ kb, label = "", tailwind = 4 } = {}) {
  const script = TAILWIND_SCRIPTS[tailwind];
  if (script === undefined) throw new Error(`no Tailwind script for ${tailwind}: use 4, 3 or 0`);
  const parts = [];
  let size = 0;
  for (let i = 0; size < kb * 1024; i++) {
    const section = SECTIONS[i % SECTIONS.length](HUES[i % HUES.length], i);
    parts.push(section);
    size += section.length;
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme — ${label || "landing"}</title>${script}</head>
<body class="bg-white font-sans text-slate-900 antialiased">
${parts.join("\n")}
</body></html>
`;
}
