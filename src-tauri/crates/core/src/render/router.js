// react-router-dom as a project's page in the preview gets it (render/base.rs). The preview
// frame is sandboxed, so its document may not change its path with history.pushState, and its
// address carries the variant's folder (/t/<token>/pricing): a BrowserRouter or HashRouter
// would match nothing and could not follow a link. Here they are routers in memory that start
// at the route the address names and report each move to the app as {type: "s2c-location",
// href} (the address that route has in the preview), so the page picker follows, and offer
// window.__s2c_navigate(path), which the bridge calls for a plain <a href="/pricing"> (a
// real site would load that address; in memory the router goes there). Everything else is
// the real package's.
import { createElement, useEffect } from "react";
import { MemoryRouter, createMemoryRouter, useLocation, useNavigate } from "__s2c_react_router_dom";

export * from "__s2c_react_router_dom";

var folder = (/^\/t\/[^/]+/.exec(window.location.pathname) || [""])[0];
var origin = window.location.protocol + "//" + window.location.host;

function startOf(hash) {
  var l = window.location;
  if (hash) return l.hash.replace(/^#!?/, "") || "/";
  var path = l.pathname.slice(folder.length) || "/";
  return (path === "/index.html" ? "/" : path) + l.search;
}

function report(hash, location) {
  if (window.parent === window) return;
  var route = location.pathname + location.search + location.hash;
  var href = hash ? origin + folder + "/index.html#" + route : origin + folder + route;
  window.parent.postMessage({ type: "s2c-location", href: href }, "*");
}

// A link written with the basename in it ("/app/pricing") names the route "/pricing".
function offerNavigate(go, basename) {
  var base = (basename || "").replace(/\/+$/, "");
  window.__s2c_navigate = function (href) {
    go(base && (href === base || href.indexOf(base + "/") === 0) ? href.slice(base.length) || "/" : href);
  };
}

function Reporter(props) {
  var location = useLocation();
  var navigate = useNavigate();
  useEffect(
    function () {
      report(props.hash, location);
    },
    [location],
  );
  useEffect(
    function () {
      offerNavigate(navigate, props.basename);
    },
    [navigate],
  );
  return null;
}

function inMemory(hash) {
  return function Router(props) {
    return createElement(
      MemoryRouter,
      { basename: props.basename, initialEntries: [startOf(hash)] },
      createElement(Reporter, { hash: hash, basename: props.basename }),
      props.children,
    );
  };
}

export var BrowserRouter = inMemory(false);
export var HashRouter = inMemory(true);

function dataRouter(hash) {
  return function (routes, options) {
    var router = createMemoryRouter(routes, Object.assign({}, options, { initialEntries: [startOf(hash)] }));
    router.subscribe(function (state) {
      report(hash, state.location);
    });
    offerNavigate(function (to) {
      router.navigate(to);
    }, options && options.basename);
    return router;
  };
}

export var createBrowserRouter = dataRouter(false);
export var createHashRouter = dataRouter(true);
