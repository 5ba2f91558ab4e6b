// Public pages: scroll reveal (P-PRICE-2), success confetti (P-PRICE-4), the 404 page's
// Go Back button (P-MISC-1) and external-URL hand-off (P-MISC-2: a link, never automatic).
// Loaded once with `defer`; pages change client-side, so elements are found as they appear
// (MutationObserver) and each is handled once (data-* markers). No network requests.
(function (root) {
  "use strict";

  // ---------------------------------------------------------------------------------------
  // URL rules. Mirror of startup_toolkit/domain/urls.py (is_http_url, find_external_url):
  // keep both in sync; tests/domain/test_urls.py runs one table of cases through both.
  // ---------------------------------------------------------------------------------------
  var MAX_URL_LENGTH = 2048;
  var DECODE_ROUNDS = 3;
  var FORBIDDEN = "\\x00-\\x20\\x7f\"<>\\\\^`{|}";
  var FORBIDDEN_RE = new RegExp("[" + FORBIDDEN + "]");
  var URL_IN_TEXT_SOURCE = "[Hh][Tt][Tt][Pp][Ss]?://[^" + FORBIDDEN + "]+";
  var URL_SHAPE_RE = /^([Hh][Tt][Tt][Pp][Ss]?):\/\/([^\/?#]*)([\s\S]*)$/;
  var HOST_PORT_RE = /^(\[[0-9A-Fa-f:.]+\]|[^:\[\]@%]+)(?::([0-9]{1,5}))?$/;
  var PERCENT_RUN_RE = /(?:%[0-9A-Fa-f]{2})+/g;

  /** Whether value is an absolute http(s) URL that is safe to open or link to. */
  function isHttpUrl(value) {
    if (typeof value !== "string" || value.length === 0 || value.length > MAX_URL_LENGTH) {
      return false;
    }
    if (FORBIDDEN_RE.test(value)) return false;
    var shape = URL_SHAPE_RE.exec(value);
    if (!shape) return false;
    var authority = shape[2];
    if (!authority || authority.indexOf("@") !== -1) return false;
    var hostPort = HOST_PORT_RE.exec(authority);
    if (!hostPort) return false;
    var port = hostPort[2];
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  }

  /** Decode every run of %XX escapes that is valid UTF-8; leave the rest untouched. */
  function percentDecode(text) {
    return text.replace(PERCENT_RUN_RE, function (run) {
      try {
        return decodeURIComponent(run);
      } catch (e) {
        return run;
      }
    });
  }

  /** The first http(s) URL in a path plus query string, plain or percent-encoded, or null. */
  function findExternalUrl(pathAndQuery) {
    var text = typeof pathAndQuery === "string" ? pathAndQuery : "";
    for (var round = 0; round < DECODE_ROUNDS; round++) {
      var re = new RegExp(URL_IN_TEXT_SOURCE, "g");
      var match;
      while ((match = re.exec(text)) !== null) {
        if (isHttpUrl(match[0])) return match[0];
      }
      var decoded = percentDecode(text);
      if (decoded === text) break;
      text = decoded;
    }
    return null;
  }

  var api = {
    isHttpUrl: isHttpUrl,
    percentDecode: percentDecode,
    findExternalUrl: findExternalUrl,
  };
  root.UnstuckPublic = api;
  if (typeof document === "undefined") return; // loaded by the parity test under node

  function reducedMotion() {
    return !!(root.matchMedia && root.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  // ---------------------------------------------------------------------------------------
  // P-PRICE-2: elements marked [data-reveal] fade in once within 100 px of the viewport.
  // Only elements still off screen are hidden (.reveal-pending); without JS, without
  // IntersectionObserver or with reduced motion nothing is ever hidden.
  // ---------------------------------------------------------------------------------------
  var REVEAL_MARGIN_PX = 100;
  var revealObserver = null;

  function reveal(el) {
    el.classList.remove("reveal-pending");
    el.classList.add("is-revealed");
  }

  function setUpReveal(el) {
    el.setAttribute("data-reveal-init", "");
    if (!("IntersectionObserver" in root) || reducedMotion()) {
      reveal(el);
      return;
    }
    var rect = el.getBoundingClientRect();
    var viewHeight = root.innerHeight || document.documentElement.clientHeight;
    if (rect.top < viewHeight + REVEAL_MARGIN_PX && rect.bottom > -REVEAL_MARGIN_PX) {
      reveal(el); // already in view: no fade, no flash
      return;
    }
    if (!revealObserver) {
      revealObserver = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (entry.isIntersecting) {
              reveal(entry.target);
              revealObserver.unobserve(entry.target);
            }
          });
        },
        { rootMargin: "0px 0px " + REVEAL_MARGIN_PX + "px 0px" }
      );
    }
    el.classList.add("reveal-pending");
    revealObserver.observe(el);
  }

  // ---------------------------------------------------------------------------------------
  // P-PRICE-4: canvas confetti for 3 seconds when [data-confetti] appears (success page).
  // ---------------------------------------------------------------------------------------
  var CONFETTI_MS = 3000;
  var CONFETTI_COLORS = ["#8e4ec6", "#b18cff", "#00a2c7", "#3dd68c", "#ffc53d", "#f76b15", "#e54666"];

  function startConfetti() {
    if (reducedMotion() || document.getElementById("confetti-canvas")) return;
    var canvas = document.createElement("canvas");
    canvas.id = "confetti-canvas";
    canvas.setAttribute("aria-hidden", "true");
    canvas.className = "confetti-canvas";
    document.body.appendChild(canvas);
    var ctx = canvas.getContext("2d");
    var dpr = Math.min(root.devicePixelRatio || 1, 2);
    var width = 0;
    var height = 0;
    function resize() {
      width = root.innerWidth;
      height = root.innerHeight;
      canvas.width = Math.floor(width * dpr);
      canvas.height = Math.floor(height * dpr);
      if (ctx) ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }
    resize();
    root.addEventListener("resize", resize);

    var count = width < 600 ? 90 : 160;
    var pieces = [];
    for (var i = 0; i < count; i++) {
      pieces.push({
        x: width / 2 + (Math.random() - 0.5) * width * 0.3,
        y: height * 0.35 + (Math.random() - 0.5) * 40,
        vx: (Math.random() - 0.5) * 14,
        vy: -Math.random() * 13 - 4,
        size: 5 + Math.random() * 6,
        angle: Math.random() * Math.PI,
        spin: (Math.random() - 0.5) * 0.3,
        color: CONFETTI_COLORS[i % CONFETTI_COLORS.length],
      });
    }
    var started = null;
    var stopped = false;
    function stop() {
      if (stopped) return;
      stopped = true;
      root.removeEventListener("resize", resize);
      if (canvas.parentNode) canvas.parentNode.removeChild(canvas);
    }
    function frame(now) {
      if (stopped) return;
      if (started === null) started = now;
      var elapsed = now - started;
      if (elapsed >= CONFETTI_MS) {
        stop();
        return;
      }
      var fade = elapsed > CONFETTI_MS - 600 ? (CONFETTI_MS - elapsed) / 600 : 1;
      if (ctx) {
        ctx.clearRect(0, 0, width, height);
        ctx.globalAlpha = Math.max(fade, 0);
        pieces.forEach(function (p) {
          p.vy += 0.35;
          p.vx *= 0.99;
          p.x += p.vx;
          p.y += p.vy;
          p.angle += p.spin;
          ctx.save();
          ctx.translate(p.x, p.y);
          ctx.rotate(p.angle);
          ctx.fillStyle = p.color;
          ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
          ctx.restore();
        });
      }
      root.requestAnimationFrame(frame);
    }
    root.requestAnimationFrame(frame);
    // Also stop by the clock: requestAnimationFrame pauses in background tabs.
    root.setTimeout(stop, CONFETTI_MS);
  }

  // ---------------------------------------------------------------------------------------
  // P-MISC-2: on the 404 page, an http(s) URL in the path or query is offered as a link that
  // names the address and its site; nothing opens until the visitor clicks it (issue 13: an
  // automatic hand-off let any link to this site, or a sign-in's `next`, forward to any other
  // site). The link opens a new tab without a way back to this page (noopener).
  // ---------------------------------------------------------------------------------------
  function hostOf(url) {
    try {
      return new URL(url).host;
    } catch (e) {
      return url;
    }
  }

  function showHandOff(container, url) {
    if (!container) return;
    while (container.firstChild) container.removeChild(container.firstChild);
    var text = document.createElement("p");
    text.className = "external-fallback-text";
    text.textContent =
      "This address leads to another site, " + hostOf(url) + ". Open it only if you trust it:";
    var link = document.createElement("a");
    link.href = url;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.className = "external-fallback-link";
    link.textContent = url;
    container.appendChild(text);
    container.appendChild(link);
    container.hidden = false;
  }

  function handleNotFound(el) {
    var where = root.location.pathname + root.location.search;
    if (el.getAttribute("data-handled-for") === where) return;
    el.setAttribute("data-handled-for", where);
    var container = el.querySelector("[data-external-fallback]");
    var url = findExternalUrl(where);
    if (!url || !isHttpUrl(url)) {
      if (container) container.hidden = true;
      return;
    }
    showHandOff(container, url);
  }

  // P-MISC-1: Go Back goes back when there is history to go back to (length > 2), else the
  // link's own target (home) is followed. Capture phase: runs before React Router's handler.
  document.addEventListener(
    "click",
    function (event) {
      var target = event.target && event.target.closest && event.target.closest("[data-go-back]");
      if (!target || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (root.history.length > 2) {
        event.preventDefault();
        event.stopPropagation();
        root.history.back();
      }
    },
    true
  );

  // ---------------------------------------------------------------------------------------
  // Find new elements as React renders them.
  // ---------------------------------------------------------------------------------------
  var scanQueued = false;

  function scan() {
    scanQueued = false;
    var i;
    var revealEls = document.querySelectorAll("[data-reveal]:not([data-reveal-init])");
    for (i = 0; i < revealEls.length; i++) setUpReveal(revealEls[i]);
    var confettiEls = document.querySelectorAll("[data-confetti]:not([data-confetti-started])");
    for (i = 0; i < confettiEls.length; i++) {
      confettiEls[i].setAttribute("data-confetti-started", "");
      startConfetti();
    }
    var notFoundEls = document.querySelectorAll("[data-not-found]");
    for (i = 0; i < notFoundEls.length; i++) handleNotFound(notFoundEls[i]);
  }

  function queueScan() {
    if (scanQueued) return;
    scanQueued = true;
    root.setTimeout(scan, 0);
  }

  function start() {
    scan();
    new MutationObserver(queueScan).observe(document.documentElement, {
      childList: true,
      subtree: true,
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})(typeof window !== "undefined" ? window : globalThis);
