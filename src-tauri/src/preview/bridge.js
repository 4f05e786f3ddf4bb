// Select-and-edit inside a sandboxed preview, injected by the app into every HTML page it shows
// (never into the model's screenshots). The app cannot reach into the page (it is cross-origin on
// purpose), so the page answers: the parent turns selection on with
// {type: "s2c-select-mode", on}, and a click reports {type: "s2c-select", html, selector} (and
// `loc`, where it is written, in a project page).
// Visual editing (issue 19): {type: "s2c-edit-mode", on} turns on picking. The pointer never
// reaches the page then: the app lays a layer over the frame, so it knows which clicks are the
// user's (a page can post anything, but cannot click), and forwards them here by position:
// {type: "s2c-edit-hover", x, y} draws the box model (margin, padding) and the distances to the
// picked element; {type: "s2c-edit-click", x, y, additive} picks and reports
// {type: "s2c-pick", additive, element} (the element's id, tag, classes, own text, computed
// styles; in a project page its source location `loc` and the file's hash, see sourceOf) and
// the page's palette; {type: "s2c-edit-dblclick", x, y} edits text in place and
// reports {type: "s2c-text", key, text}; {type: "s2c-edit-scroll", x, y, dx, dy} scrolls.
// {type: "s2c-edit-apply", changes} shows queued changes as inline styles / text (earlier ones
// undone first). {type: "s2c-edit-sample", x, y} (an eyedropper click) reports
// {type: "s2c-sample", x, y, width, height, color}: the place in page px, the viewport size (the
// app reads that pixel off a render laid out the same) and the nearest painted background there.
// Issue 31: {type: "s2c-highlight", box} points out a fidelity difference (end of this file).
// Issue 33: {type: "s2c-location", href} reports where the page is when it navigates, and a
// plain link to a root path is followed inside the variant's folder (end of this file).
// A card's thumbnail (its frame is named "s2c-thumbnail") shows the top of the page only: what
// is off screen there is neither laid out nor painted.
// Only the page's own DOM changes: no new powers.
// Nothing else is read or sent. The UI's Playwright tests run this same file.
(function () {
  if (window.parent === window) return;
  // First thing, before the page's body is parsed: the app's window lays out previews on its
  // own main thread (docs/PERFORMANCE.md), and a card needs only the first screen of a page.
  if (window.name === "s2c-thumbnail") {
    var lazy = document.createElement("style");
    lazy.setAttribute("data-s2c-thumbnail", "");
    lazy.textContent = "body>*,body>*>*{content-visibility:auto;contain-intrinsic-size:auto 320px}";
    (document.head || document.documentElement).appendChild(lazy);
  }
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

  // In a project page (issue 33) every host element is tagged with where it is written,
  // data-s2c-loc="src/components/Card.tsx:12:7", and each module records the hash of the source
  // it was compiled from in __s2c_sources. An element the page's packages draw (an icon's <svg>)
  // has no tag of its own: the nearest tagged element around it is where it is written.
  function sourceOf(el) {
    var host = el.closest ? el.closest("[data-s2c-loc]") : null;
    if (!host) return null;
    var loc = host.getAttribute("data-s2c-loc") || "";
    var m = /^(.+):(\d+):(\d+)$/.exec(loc);
    if (!m) return null;
    var sources = window.__s2c_sources;
    var hash = sources && typeof sources === "object" ? sources[m[1]] : "";
    return { el: host, loc: loc, file: m[1], source: typeof hash === "string" ? hash : "" };
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
      // The preview serves a project's files from its folder (/t/<token>/logo.png); the source
      // says /logo.png, and that is what the model must see.
      var folder = (/^\/t\/[^/]+/.exec(location.pathname) || [""])[0];
      if (folder) html = html.split(folder + "/").join("/");
      if (html.length > MAX_HTML) html = html.slice(0, MAX_HTML) + "…";
      var message = { type: "s2c-select", html: html, selector: cssPath(el) };
      var at = sourceOf(el);
      if (at) message.loc = at.loc;
      window.parent.postMessage(message, "*");
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

  // ---- visual editing ----
  var editing = false;
  var picked = [];
  var keys = new WeakMap();
  var byKey = {};
  var nextKey = 1;
  var originals = {};
  var layers = null;
  // The source version the page's elements belong to, read when asked: a page followed in place
  // (the last section) is the newest version, and its tag says so.
  var bridgeTag = document.currentScript;
  function pageSource() {
    var tag = bridgeTag && bridgeTag.isConnected ? bridgeTag : document.querySelector('script[src="/__s2c/bridge.js"]');
    return (tag && tag.getAttribute("data-s2c-source")) || "";
  }
  var STYLE_KEYS = ["color", "background-color", "font-size", "font-weight", "line-height", "letter-spacing",
    "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top", "padding-right", "padding-bottom",
    "padding-left", "gap", "width", "height", "border-radius", "border-top-width", "border-top-color", "box-shadow",
    "text-align", "align-items", "justify-content", "display", "flex-direction"];

  function keyOf(el) {
    var k = keys.get(el);
    if (!k) {
      k = nextKey++;
      keys.set(el, k);
      byKey[k] = el;
    }
    return k;
  }

  function layer(color) {
    var d = document.createElement("div");
    d.setAttribute("data-s2c-overlay", "");
    d.style.cssText = "position:fixed;pointer-events:none;z-index:2147483646;box-sizing:border-box;display:none;" + color;
    document.documentElement.appendChild(d);
    return d;
  }

  function editLayers() {
    if (!layers) {
      layers = {
        margin: layer("background:rgba(251,146,60,.25)"),
        padding: layer("background:rgba(74,222,128,.25)"),
        content: layer("background:rgba(96,165,250,.25);outline:1px solid #3b82f6"),
        measure: layer("font:11px/1.4 system-ui,sans-serif;color:#fff;background:#ef4444;padding:1px 4px;border-radius:3px;white-space:nowrap"),
        picked: layer("outline:2px solid #6366f1;outline-offset:-1px"),
      };
    }
    return layers;
  }

  function place(d, left, top, width, height) {
    d.style.display = "block";
    d.style.left = left + "px";
    d.style.top = top + "px";
    d.style.width = Math.max(0, width) + "px";
    d.style.height = Math.max(0, height) + "px";
  }

  function px(v) {
    return parseFloat(v) || 0;
  }

  function boxModel(el) {
    var l = editLayers();
    var r = el.getBoundingClientRect();
    var cs = getComputedStyle(el);
    var mt = px(cs.marginTop), mr = px(cs.marginRight), mb = px(cs.marginBottom), ml = px(cs.marginLeft);
    var pt = px(cs.paddingTop), pr = px(cs.paddingRight), pb = px(cs.paddingBottom), pl = px(cs.paddingLeft);
    place(l.margin, r.left - ml, r.top - mt, r.width + ml + mr, r.height + mt + mb);
    place(l.padding, r.left, r.top, r.width, r.height);
    place(l.content, r.left + pl, r.top + pt, r.width - pl - pr, r.height - pt - pb);
    var anchor = picked.length ? byKey[picked[picked.length - 1]] : null;
    if (anchor && anchor !== el && anchor.isConnected) {
      var a = anchor.getBoundingClientRect();
      var dx = r.left >= a.right ? r.left - a.right : a.left >= r.right ? a.left - r.right : 0;
      var dy = r.top >= a.bottom ? r.top - a.bottom : a.top >= r.bottom ? a.top - r.bottom : 0;
      l.measure.textContent = (dx ? "↔ " + Math.round(dx) + "px " : "") + (dy ? "↕ " + Math.round(dy) + "px" : dx ? "" : "overlaps");
      l.measure.style.display = "block";
      l.measure.style.left = r.left + "px";
      l.measure.style.top = Math.max(0, r.top - 18) + "px";
      l.measure.style.width = "auto";
      l.measure.style.height = "auto";
    } else {
      l.measure.style.display = "none";
    }
  }

  function showPicked() {
    var l = editLayers();
    var el = picked.length ? byKey[picked[picked.length - 1]] : null;
    if (!el || !el.isConnected) {
      l.picked.style.display = "none";
      return;
    }
    var r = el.getBoundingClientRect();
    place(l.picked, r.left, r.top, r.width, r.height);
  }

  function hideEdit() {
    if (!layers) return;
    Object.keys(layers).forEach(function (k) {
      layers[k].style.display = "none";
    });
  }

  function ownText(el) {
    var text = "";
    for (var c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += c.nodeValue;
    return text.replace(/\s+/g, " ").trim().slice(0, 500);
  }

  function palette() {
    var counts = {};
    var all = document.body ? document.body.getElementsByTagName("*") : [];
    for (var i = 0; i < all.length && i < 3000; i++) {
      var cs = getComputedStyle(all[i]);
      [cs.color, cs.backgroundColor].forEach(function (c) {
        var hex = toHex(c);
        if (hex) counts[hex] = (counts[hex] || 0) + 1;
      });
    }
    return Object.keys(counts)
      .sort(function (a, b) {
        return counts[b] - counts[a];
      })
      .slice(0, 12);
  }

  function toHex(c) {
    var m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(c || "");
    if (!m || (m[4] !== undefined && parseFloat(m[4]) === 0)) return null;
    return "#" + [m[1], m[2], m[3]].map(function (n) {
      return ("0" + parseInt(n, 10).toString(16)).slice(-2);
    }).join("");
  }

  function describe(el) {
    var cs = getComputedStyle(el);
    var styles = {};
    STYLE_KEYS.forEach(function (k) {
      var v = cs.getPropertyValue(k);
      styles[k] = k.indexOf("color") >= 0 ? toHex(v) || v : v;
    });
    var node = el.getAttribute("data-s2c-node");
    // Pages are served at /t/<token>/<path> (preview/mod.rs); elsewhere (tests) the last segment.
    var m = /^\/t\/[^/]+\/(.*)$/.exec(location.pathname);
    var path = m ? m[1] : location.pathname.split("/").pop();
    var at = sourceOf(el);
    var project = window.__s2c_sources && typeof window.__s2c_sources === "object";
    return {
      key: keyOf(el),
      node: node && /^\d{1,7}$/.test(node) ? parseInt(node, 10) : null,
      loc: at ? at.loc : null,
      source: at ? at.source : pageSource(),
      // A project's routes are all its index.html; its elements are written in their modules.
      file: at ? at.file : project ? "index.html" : decodeURIComponent(path || "index.html"),
      tag: el.localName,
      class: (el.getAttribute("class") || "").slice(0, 2000),
      text: ownText(el),
      editable_text: el.children.length === 0,
      styles: styles,
    };
  }

  function remember(el, k) {
    if (!originals[k]) originals[k] = { style: el.getAttribute("style"), text: el.children.length === 0 ? el.textContent : null };
  }

  function applyChanges(changes) {
    Object.keys(originals).forEach(function (k) {
      var el = byKey[k];
      var o = originals[k];
      if (!el) return;
      if (o.style === null) el.removeAttribute("style");
      else el.setAttribute("style", o.style);
      if (o.text !== null && el.children.length === 0) el.textContent = o.text;
    });
    changes.forEach(function (c) {
      var el = byKey[c.key];
      if (!el) return;
      remember(el, c.key);
      if (typeof c.text === "string") {
        if (el.children.length === 0) el.textContent = c.text;
      } else if (typeof c.property === "string" && typeof c.value === "string") {
        el.style.setProperty(c.property, c.value);
      }
    });
    showPicked();
  }

  // The element at a point the app forwarded (the layers above are pointer-events: none).
  function elementAt(d) {
    if (typeof d.x !== "number" || typeof d.y !== "number" || !isFinite(d.x) || !isFinite(d.y)) return null;
    var el = document.elementFromPoint(d.x, d.y);
    return el && !el.hasAttribute("data-s2c-overlay") ? el : null;
  }

  function pick(el, additive) {
    // In a project, what is edited is the element written in the source (see sourceOf).
    var at = sourceOf(el);
    if (at) el = at.el;
    var info = describe(el);
    if (additive) {
      if (picked.indexOf(info.key) < 0) picked.push(info.key);
    } else {
      picked = [info.key];
    }
    showPicked();
    window.parent.postMessage({ type: "s2c-pick", additive: additive, element: info, palette: palette() }, "*");
  }

  function editText(el) {
    if (el.children.length !== 0 || el.isContentEditable) {
      window.parent.postMessage({ type: "s2c-edit-text-refused" }, "*");
      return;
    }
    var k = keyOf(el);
    remember(el, k);
    el.contentEditable = "plaintext-only";
    el.focus();
    var done = function () {
      el.removeEventListener("blur", done);
      el.removeAttribute("contenteditable");
      window.parent.postMessage({ type: "s2c-text", key: k, text: (el.textContent || "").slice(0, 10000) }, "*");
    };
    el.addEventListener("blur", done);
    el.addEventListener("keydown", function (k2) {
      if (k2.key === "Enter" && !k2.shiftKey) {
        k2.preventDefault();
        el.blur();
      }
    });
  }

  function background(el) {
    for (; el && el.nodeType === 1; el = el.parentElement) {
      var c = getComputedStyle(el).backgroundColor;
      if (c && c !== "transparent" && !/rgba\([^)]*,\s*0\)$/.test(c)) return c;
    }
    return "rgb(255, 255, 255)";
  }

  function sample(el, d) {
    window.parent.postMessage(
      {
        type: "s2c-sample",
        x: Math.round(d.x + window.scrollX),
        y: Math.round(d.y + window.scrollY),
        width: window.innerWidth,
        height: window.innerHeight,
        color: background(el),
      },
      "*",
    );
  }

  function scrollAt(el, dx, dy) {
    for (var node = el; node && node !== document.documentElement; node = node.parentElement) {
      var cs = getComputedStyle(node);
      var scrolls = /(auto|scroll)/.test(cs.overflowY + cs.overflowX);
      if (scrolls && (node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth)) {
        node.scrollBy(dx, dy);
        return;
      }
    }
    window.scrollBy(dx, dy);
  }

  // While editing, the page's own handlers never see a click: a text being edited gets its
  // pointer events directly (the app lifts its layer then).
  ["click", "dblclick", "mousedown", "mouseup", "submit", "contextmenu"].forEach(function (type) {
    document.addEventListener(
      type,
      function (e) {
        if (!editing) return;
        if (e.target instanceof Element && e.target.isContentEditable) return;
        e.preventDefault();
        e.stopPropagation();
      },
      true,
    );
  });
  window.addEventListener(
    "scroll",
    function () {
      if (editing) showPicked();
    },
    true,
  );
  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    var d = e.data;
    if (!d || typeof d !== "object") return;
    if (d.type === "s2c-edit-mode" && typeof d.on === "boolean") {
      editing = d.on;
      document.documentElement.style.cursor = editing ? "default" : "";
      if (!editing) {
        picked = [];
        hideEdit();
      }
    } else if (editing && d.type === "s2c-edit-hover") {
      var hovered = elementAt(d);
      var written = hovered && sourceOf(hovered);
      if (written) hovered = written.el;
      if (hovered && !hovered.isContentEditable) boxModel(hovered);
    } else if (editing && d.type === "s2c-edit-click" && typeof d.additive === "boolean") {
      var target = elementAt(d);
      if (target) pick(target, d.additive);
    } else if (editing && d.type === "s2c-edit-sample") {
      var sampled = elementAt(d);
      if (sampled) sample(sampled, d);
    } else if (editing && d.type === "s2c-edit-dblclick") {
      var text = elementAt(d);
      if (text) editText(text);
    } else if (editing && d.type === "s2c-edit-scroll" && typeof d.dx === "number" && typeof d.dy === "number") {
      scrollAt(elementAt(d) || document.documentElement, d.dx, d.dy);
    } else if (d.type === "s2c-edit-apply" && Array.isArray(d.changes) && d.changes.length <= 2000) {
      applyChanges(d.changes);
    } else if (d.type === "s2c-edit-picked" && Array.isArray(d.keys)) {
      picked = d.keys.filter(function (k) {
        return typeof k === "number";
      });
      showPicked();
    }
  });
})();
// Pointing out a place (a fidelity difference): {type: "s2c-highlight", box: {x, y, width,
// height} | null} in page px draws a box there and scrolls it into view; null removes it.
(function () {
  if (window.parent === window) return;
  var mark = null;
  function num(v) {
    return typeof v === "number" && isFinite(v) && v >= 0 && v < 1e6;
  }
  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    var d = e.data;
    if (!d || typeof d !== "object" || d.type !== "s2c-highlight") return;
    var b = d.box;
    if (!b) {
      if (mark) mark.style.display = "none";
      return;
    }
    if (typeof b !== "object" || !num(b.x) || !num(b.y) || !num(b.width) || !num(b.height)) return;
    if (!mark) {
      mark = document.createElement("div");
      mark.setAttribute("data-s2c-overlay", "");
      mark.setAttribute("data-s2c-highlight", "");
      mark.style.cssText =
        "position:absolute;pointer-events:none;z-index:2147483647;border:2px solid #f43f5e;background:rgba(244,63,94,.12);border-radius:4px;box-shadow:0 0 0 4px rgba(244,63,94,.25);box-sizing:border-box";
      document.documentElement.appendChild(mark);
    }
    // Page px are measured from the document's top left, as is an absolute box on <html> (its
    // containing block is the initial one).
    mark.style.display = "block";
    mark.style.left = b.x + "px";
    mark.style.top = b.y + "px";
    mark.style.width = Math.max(b.width, 4) + "px";
    mark.style.height = Math.max(b.height, 4) + "px";
    var top = Math.max(0, b.y - Math.max(40, (window.innerHeight - b.height) / 2));
    var left = Math.max(0, b.x - Math.max(20, (window.innerWidth - b.width) / 2));
    window.scrollTo({ top: top, left: b.width > window.innerWidth ? 0 : left, behavior: "smooth" });
  });
})();
// ---- Where the page is (issue 33), kept apart from the picking code above. ----
// A project's router changes the address without loading a page (a link, history.pushState, a
// hash route); {type: "s2c-location", href} tells the app where the page is now, so its route
// picker shows the page on screen and a reload stays there. Sent on load and on every change;
// only the page's own address.
(function () {
  if (window.parent === window) return;
  var last = null;
  function report() {
    var href = String(window.location.href);
    if (href === last) return;
    last = href;
    window.parent.postMessage({ type: "s2c-location", href: href }, "*");
  }
  ["pushState", "replaceState"].forEach(function (name) {
    var original = window.history[name];
    if (typeof original !== "function") return;
    window.history[name] = function () {
      var result = original.apply(this, arguments);
      report();
      return result;
    };
  });
  window.addEventListener("popstate", report);
  window.addEventListener("hashchange", report);
  report();
  // A plain <a href="/pricing"> (not the router's Link, which handles its own clicks) is written
  // for a site's root, while the page lives under its variant's folder: follow it there, through
  // the project's router when it has one (router.js sets __s2c_navigate), else by loading it.
  var folder = (/^\/t\/[^/]+/.exec(window.location.pathname) || [""])[0];
  if (!folder) return;
  window.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var a = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
    var href = a.getAttribute("href") || "";
    if (!/^\/(?!\/)/.test(href) || href.indexOf(folder + "/") === 0) return;
    e.preventDefault();
    if (typeof window.__s2c_navigate === "function") window.__s2c_navigate(href);
    else window.location.assign(folder + href);
  });
})();
// ---- Following a page as it is written, in place (issue 36) ----
// The window lays out previews on its own main thread (docs/PERFORMANCE.md), and a reload
// parses, styles and lays out the whole page again: ~0.5 s for a 300 KB page. While an option
// writes, the app asks {type: "s2c-refresh"} instead: the page fetches its own address again,
// parses it apart (DOMParser: nothing in it runs) and changes only what differs, so only the
// newly written part is styled and laid out, and what the designer scrolled to stays.
// It answers {type: "s2c-refreshed", ok}. A page with scripts of its own is never followed in
// place (what they did would be undone, and the new ones would not run): ok false, and the
// app reloads it. Only the page's own DOM changes, from its own address: no new powers.
// A page shown in a view of its own (src-tauri/src/preview/native/) stands framed on the app's
// stage there, which asks and is answered as the window is.
(function () {
  var BRIDGE = "/__s2c/bridge.js";
  var running = false;
  var again = false;

  // The bridge's own elements (the selection box, a thumbnail's lazy style) are not the page's.
  function owned(node) {
    return node.nodeType === 1 && (node.hasAttribute("data-s2c-overlay") || node.hasAttribute("data-s2c-thumbnail"));
  }

  function scripted(doc) {
    var scripts = doc.getElementsByTagName("script");
    for (var i = 0; i < scripts.length; i++) {
      if (scripts[i].getAttribute("src") !== BRIDGE) return true;
    }
    return false;
  }

  function syncAttributes(next, live) {
    var keep = live === document.documentElement ? "style" : null;
    for (var i = live.attributes.length - 1; i >= 0; i--) {
      var a = live.attributes[i];
      if (a.name !== keep && !next.hasAttributeNS(a.namespaceURI, a.localName)) live.removeAttributeNS(a.namespaceURI, a.localName);
    }
    for (var j = 0; j < next.attributes.length; j++) {
      var b = next.attributes[j];
      if (live.getAttributeNS(b.namespaceURI, b.localName) !== b.value) live.setAttributeNS(b.namespaceURI, b.name, b.value);
    }
  }

  // `live`'s children become `next`'s, child by child: equal ones are left alone.
  function morph(next, live) {
    var kids = [];
    for (var c = live.firstChild; c; c = c.nextSibling) if (!owned(c)) kids.push(c);
    var prev = null;
    var i = 0;
    for (var n = next.firstChild; n; n = n.nextSibling, i++) {
      var old = kids[i];
      if (old && old.nodeType === n.nodeType && old.nodeName === n.nodeName) {
        if (n.nodeType === 1) {
          if (!old.isEqualNode(n)) {
            syncAttributes(n, old);
            morph(n, old);
          }
        } else if (old.nodeValue !== n.nodeValue) {
          old.nodeValue = n.nodeValue;
        }
        prev = old;
      } else {
        var fresh = document.importNode(n, true);
        if (old) live.replaceChild(fresh, old);
        else live.insertBefore(fresh, prev ? prev.nextSibling : live.firstChild);
        prev = fresh;
      }
    }
    for (; i < kids.length; i++) live.removeChild(kids[i]);
  }

  function answer(ok) {
    window.parent.postMessage({ type: "s2c-refreshed", ok: ok }, "*");
  }

  function refresh() {
    if (running) {
      again = true;
      return;
    }
    if (scripted(document)) {
      answer(false);
      return;
    }
    running = true;
    fetch(window.location.href, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        return response.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html");
        if (scripted(next)) return false;
        syncAttributes(next.documentElement, document.documentElement);
        morph(next.documentElement, document.documentElement);
        return true;
      })
      .catch(function () {
        return false;
      })
      .then(function (ok) {
        running = false;
        answer(ok);
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    if (e.data && typeof e.data === "object" && e.data.type === "s2c-refresh") refresh();
  });
})();
