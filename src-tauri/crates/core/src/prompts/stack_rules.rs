//! What each stack's page must look like: the libraries it loads and the conventions it follows.

use super::cdn::cdn;
use super::stack::Stack;

/// The stack section of the system prompt.
pub fn stack_rules(stack: Stack) -> String {
    if stack.is_project() {
        return super::project::project_rules(stack);
    }
    let tags: Vec<String> = stack.libraries().iter().map(|k| cdn(*k).tag()).collect();
    let mut out = format!(
        "## Stack: {}\n\nWrite one self-contained HTML document. Put these tags in its <head>, \
         exactly as written (the preview serves these URLs from local copies and blocks every \
         other network request):\n\n{}\n\n",
        stack.display_name(),
        tags.join("\n")
    );
    out.push_str(conventions(stack));
    if stack.uses_tailwind() {
        out.push_str(TAILWIND_V4);
    }
    out
}

const TAILWIND_V4: &str = "\n\nTailwind here is version 4, compiled in the browser: use \
utility classes freely, arbitrary values like `w-[372px]` or `bg-[#1e2a3b]` for exact sizes and \
colours, and opacity modifiers like `bg-black/50` (the v3 `bg-opacity-*` classes no longer \
exist). Customise the theme, if you must, in a `<style type=\"text/tailwindcss\">` block with \
`@theme { --color-brand: #0a84ff; }`, never with a `tailwind.config` script.";

fn conventions(stack: Stack) -> &'static str {
    match stack {
        Stack::HtmlTailwind => {
            "Style with Tailwind utility classes on the elements. Add a `<style>` block only \
             for what utilities cannot express (keyframes, complex selectors). Use plain \
             JavaScript in a `<script>` at the end of <body> for any interactivity."
        }
        Stack::HtmlCss => {
            "Style with hand-written CSS in one `<style>` block in the <head>: no CSS framework. \
             Use classes with clear names, CSS custom properties for the palette, flexbox and \
             grid for layout, and media queries so the page also works on a phone. Use plain \
             JavaScript in a `<script>` at the end of <body> for any interactivity."
        }
        Stack::ReactTailwind => {
            "Write the app as React function components with hooks inside one \
             `<script type=\"text/babel\">` block at the end of <body>, rendered with \
             `ReactDOM.createRoot(document.getElementById(\"root\")).render(<App />)` into a \
             `<div id=\"root\"></div>`. React and ReactDOM are globals (`React.useState`, or \
             destructure them at the top of the script); do not use import statements. Style \
             with Tailwind classes in `className`. Turn repeated markup into components fed by \
             arrays of data."
        }
        Stack::Bootstrap => {
            "Build with Bootstrap 5: its grid (`container`, `row`, `col-*`), components \
             (navbar, cards, buttons, forms, modals) and utility classes (`d-flex`, `gap-3`, \
             `p-4`, `text-body-secondary`…). Add a `<style>` block only for what Bootstrap \
             cannot express, such as exact brand colours. Interactive components work through \
             `data-bs-*` attributes and the bundled script."
        }
        Stack::VueTailwind => {
            "Write the app with Vue 3's global build: mount it with \
             `Vue.createApp({ setup() { … } }).mount(\"#app\")` on a `<div id=\"app\">` whose \
             markup is the template (use `v-for`, `v-if`, `@click`, `:class` there), in a \
             `<script>` at the end of <body>. Use `Vue.ref` and `Vue.computed` (or destructure \
             them from `Vue`); do not use import statements or single-file components. Style \
             with Tailwind classes. Render repeated markup with `v-for` over arrays of data."
        }
        // Its rules are `project_rules`.
        Stack::ReactVite | Stack::ReactViteShadcn => "",
        Stack::IonicTailwind => {
            "Build a mobile-first app screen with Ionic web components (`ion-app`, \
             `ion-header`, `ion-toolbar`, `ion-title`, `ion-content`, `ion-list`, `ion-item`, \
             `ion-card`, `ion-button`, `ion-tab-bar`…) and Ionicons (`<ion-icon \
             name=\"heart-outline\"></ion-icon>`). Use Tailwind classes for layout and details \
             the components do not cover. Put any script at the end of <body>."
        }
    }
}
