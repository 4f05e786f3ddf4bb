// Select-and-edit inside a sandboxed preview. The app cannot reach into the page (it is
// cross-origin on purpose), so the page itself answers: the parent turns selection on with
// {type: "s2c-select-mode", on}, and a click reports {type: "s2c-select", html, selector}.
// Nothing here reads or sends anything else.
(function () {
  "use strict";
  if (window.parent === window) return;
  var on = false;
  var hovered = null;
  var box = document.createElement("div");
  box.setAttribute("data-s2c-bridge", "");
  box.style.cssText =
    "position:fixed;pointer-events:none;z-index:2147483647;border:2px solid #6366f1;" +
    "background:rgba(99,102,241,.12);border-radius:3px;display:none;transition:all 60ms";

  function place(el) {
    var r = el.getBoundingClientRect();
    box.style.left = r.left + "px";
    box.style.top = r.top + "px";
    box.style.width = r.width + "px";
    box.style.height = r.height + "px";
    box.style.display = "block";
  }

  function selectorOf(el) {
    var parts = [];
    while (el && el.nodeType === 1 && el !== document.documentElement) {
      if (el.id) {
        parts.unshift("#" + CSS.escape(el.id));
        break;
      }
      var part = el.tagName.toLowerCase();
      var parent = el.parentElement;
      if (parent) {
        var same = Array.prototype.filter.call(parent.children, function (c) {
          return c.tagName === el.tagName;
        });
        if (same.length > 1) part += ":nth-of-type(" + (same.indexOf(el) + 1) + ")";
      }
      parts.unshift(part);
      el = parent;
    }
    return parts.join(" > ");
  }

  function over(e) {
    if (!on || e.target === box) return;
    hovered = e.target;
    place(hovered);
  }

  function click(e) {
    if (!on) return;
    e.preventDefault();
    e.stopPropagation();
    var el = e.target;
    var html = el.outerHTML || "";
    if (html.length > 4000) html = html.slice(0, 4000) + "…";
    window.parent.postMessage({ type: "s2c-select", html: html, selector: selectorOf(el) }, "*");
  }

  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    var data = e.data;
    if (!data || data.type !== "s2c-select-mode") return;
    on = data.on === true;
    if (on && !box.isConnected) document.documentElement.appendChild(box);
    if (!on) box.style.display = "none";
    document.documentElement.style.cursor = on ? "crosshair" : "";
  });
  document.addEventListener("mouseover", over, true);
  document.addEventListener("click", click, true);
})();
