// Solutions Hub Quick Tips (P-HUB-3) and the digest's 30-minute refresh (P-HUB-4).
//
// Works on markup rendered by startup_toolkit/pages/solutions.py:
//   [data-tips]               root, data-tip-seconds = rotation interval
//     [data-tip="i"]          one tip each; only the current one is not hidden
//     [data-tip-dot="i"]      dot buttons (aria-current on the current one)
//   #digest-refresh           the digest's refresh button
// Everything runs in the browser: no server round trip per tip. Clicks are delegated from
// the document, so tips rendered later (client-side navigation) work without set-up. With
// prefers-reduced-motion the tips do not rotate by themselves; the dots still work. Rotation
// pauses while the pointer or keyboard focus is inside the tips.
(function () {
  "use strict";
  if (window.__unstuckTips) return;
  window.__unstuckTips = true;

  var DIGEST_REFRESH_MS = 30 * 60 * 1000;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var lastTick = Date.now();

  function announce(root, on) {
    var list = root.querySelector("[data-tip-list]");
    if (list) list.setAttribute("aria-live", on ? "polite" : "off");
  }

  function show(root, index) {
    var tips = root.querySelectorAll("[data-tip]");
    if (!tips.length) return;
    var n = ((index % tips.length) + tips.length) % tips.length;
    for (var i = 0; i < tips.length; i++) {
      if (i === n) tips[i].removeAttribute("hidden");
      else tips[i].setAttribute("hidden", "");
    }
    var dots = root.querySelectorAll("[data-tip-dot]");
    for (var j = 0; j < dots.length; j++) {
      dots[j].setAttribute("aria-current", j === n ? "true" : "false");
    }
    root.setAttribute("data-tip-current", String(n));
  }

  function current(root) {
    return parseInt(root.getAttribute("data-tip-current") || "0", 10) || 0;
  }

  document.addEventListener("click", function (event) {
    var dot = event.target && event.target.closest ? event.target.closest("[data-tip-dot]") : null;
    if (!dot) return;
    var root = dot.closest("[data-tips]");
    if (!root) return;
    announce(root, true);
    show(root, parseInt(dot.getAttribute("data-tip-dot"), 10) || 0);
    root.setAttribute("data-tip-touched", String(Date.now()));
  });

  setInterval(function () {
    var root = document.querySelector("[data-tips]");
    if (!root || document.hidden) return;
    if (reduced && reduced.matches) return;
    if (root.matches(":hover") || root.contains(document.activeElement)) return;
    if (!root.hasAttribute("data-tip-shown")) {
      root.setAttribute("data-tip-shown", String(Date.now()));
      return;
    }
    var seconds = parseInt(root.getAttribute("data-tip-seconds") || "10", 10) || 10;
    var touched = parseInt(root.getAttribute("data-tip-touched") || "0", 10);
    var last = Math.max(touched, parseInt(root.getAttribute("data-tip-shown") || "0", 10));
    if (Date.now() - last < seconds * 1000) return;
    announce(root, false);
    show(root, current(root) + 1);
    root.setAttribute("data-tip-shown", String(Date.now()));
  }, 500);

  setInterval(function () {
    if (document.hidden || Date.now() - lastTick < DIGEST_REFRESH_MS) return;
    var button = document.getElementById("digest-refresh");
    if (!button) return;
    lastTick = Date.now();
    if (!button.disabled) button.click();
  }, 60 * 1000);
})();
