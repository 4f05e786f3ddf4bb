// Select-and-edit inside a sandboxed preview, injected by the app into every HTML page it shows
// (never into the model's screenshots). The app cannot reach into the page (it is cross-origin on
// purpose), so the page answers: the parent turns selection on with
// {type: "s2c-select-mode", on}, and a click reports {type: "s2c-select", html, selector}.
// Nothing else is read or sent. The UI's Playwright tests run this same file.
(function () {
  if (window.parent === window) return;
  var on = false;
  var box = null;
  var current = null;
  var MAX_HTML = 4000;

  function overlay() {
    if (!box) {
      box = document.createElement("div");
      box.setAttribute("data-s2c-overlay", "");
      box.style.cssText =
        "position:fixed;pointer-events:none;z-index:2147483647;border:2px solid #6366f1;background:rgba(99,102,241,.12);border-radius:3px;display:none;box-sizing:border-box";
      document.documentElement.appendChild(box);
    }
    return box;
  }

  function cssPath(el) {
    var parts = [];
    while (el && el.nodeType === 1 && el !== document.documentElement) {
      if (el.id && /^[A-Za-z][\w-]*$/.test(el.id) && document.querySelectorAll("#" + el.id).length === 1) {
        parts.unshift("#" + el.id);
        break;
      }
      var part = el.localName;
      var parent = el.parentElement;
      if (parent) {
        var same = Array.prototype.filter.call(parent.children, function (c) {
          return c.localName === el.localName;
        });
        if (same.length > 1) part += ":nth-of-type(" + (same.indexOf(el) + 1) + ")";
      }
      parts.unshift(part);
      el = parent;
    }
    return parts.join(" > ");
  }

  function show(el) {
    var r = el.getBoundingClientRect();
    var b = overlay();
    b.style.display = "block";
    b.style.left = r.left + "px";
    b.style.top = r.top + "px";
    b.style.width = r.width + "px";
    b.style.height = r.height + "px";
  }

  function hide() {
    if (box) box.style.display = "none";
  }

  function swallow(e) {
    if (!on) return;
    e.preventDefault();
    e.stopPropagation();
  }

  document.addEventListener(
    "mouseover",
    function (e) {
      if (!on || !(e.target instanceof Element) || e.target === box) return;
      current = e.target;
      show(current);
    },
    true,
  );
  document.addEventListener(
    "click",
    function (e) {
      if (!on) return;
      swallow(e);
      var el = e.target instanceof Element ? e.target : current;
      if (!el || el === box) return;
      var html = el.outerHTML;
      if (html.length > MAX_HTML) html = html.slice(0, MAX_HTML) + "…";
      window.parent.postMessage({ type: "s2c-select", html: html, selector: cssPath(el) }, "*");
    },
    true,
  );
  ["mousedown", "mouseup", "dblclick", "submit", "contextmenu"].forEach(function (type) {
    document.addEventListener(type, swallow, true);
  });
  window.addEventListener(
    "scroll",
    function () {
      if (on && current) show(current);
    },
    true,
  );
  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    var d = e.data;
    if (!d || typeof d !== "object" || d.type !== "s2c-select-mode" || typeof d.on !== "boolean") return;
    on = d.on;
    document.documentElement.style.cursor = on ? "crosshair" : "";
    if (!on) hide();
  });
})();
