// Testimonial carousel (P-HOME-4) and the home page's staggered reveal (P-HOME-3).
//
// Works on markup rendered by startup_toolkit/components/testimonials.py:
//   [data-carousel]              root (role=region)
//     [data-carousel-viewport]   clips the row; pointer drag starts here
//       [data-carousel-track]    flex row of slides
//         [data-carousel-slide]  one testimonial each
//     [data-carousel-prev] / [data-carousel-next] / [data-carousel-dot="i"] / [data-carousel-status]
// Slides per view (1 / 2 / 3) come from the CSS variable --carousel-per-view (assets/css/home.css).
// Each slide is translated to its place in a circular order, so the carousel loops without
// cloning slides. Pages change client-side, so a MutationObserver sets up carousels that appear
// later; set-up is idempotent (data-carousel-ready) and the script guards against loading twice.
(function () {
  "use strict";
  if (window.__unstuckCarousel) return;
  window.__unstuckCarousel = true;

  var DRAG_THRESHOLD_PX = 10; // shorter movements are clicks, longer ones move the slides
  var READY = "data-carousel-ready";
  var instances = [];

  function mod(a, n) {
    return ((a % n) + n) % n;
  }

  function Carousel(root) {
    this.root = root;
    this.viewport = root.querySelector("[data-carousel-viewport]");
    this.track = root.querySelector("[data-carousel-track]");
    this.slides = Array.prototype.slice.call(root.querySelectorAll("[data-carousel-slide]"));
    this.dots = Array.prototype.slice.call(root.querySelectorAll("[data-carousel-dot]"));
    this.status = root.querySelector("[data-carousel-status]");
    this.index = 0;
    this.drag = null;
    this.suppressClick = false;
    this.fadeTimer = 0;
    this.bind();
    this.render();
  }

  Carousel.prototype.perView = function () {
    var v = parseInt(getComputedStyle(this.root).getPropertyValue("--carousel-per-view"), 10);
    return v > 0 ? Math.min(v, this.slides.length) : 1;
  };

  // Position of slide i relative to the first visible one, in [-1, n-2]: one slide waits on the
  // left (for "previous" and right-drags), the rest to the right.
  Carousel.prototype.offsetOf = function (i) {
    var n = this.slides.length;
    var o = mod(i - this.index, n);
    return o === n - 1 && n > 2 ? -1 : o;
  };

  Carousel.prototype.render = function (instant) {
    var n = this.slides.length;
    var pv = this.perView();
    var self = this;
    this.root.setAttribute("data-carousel-index", String(this.index));
    this.root.setAttribute("data-carousel-per-view", String(pv));
    this.slides.forEach(function (slide, i) {
      var o = self.offsetOf(i);
      var previous = slide.__carouselOffset;
      // A slide that wraps around (or any slide on a multi-step jump) moves without animation,
      // so it never flies across the visible slides.
      var jump = instant || (previous !== undefined && Math.abs(o - previous) > 1);
      if (jump) slide.setAttribute("data-carousel-instant", "");
      slide.style.setProperty("--carousel-shift", String(o - i));
      if (jump) {
        void slide.offsetWidth; // apply the new place before transitions come back
        slide.removeAttribute("data-carousel-instant");
      }
      slide.__carouselOffset = o;
      var visible = o >= 0 && o < pv;
      slide.setAttribute("aria-hidden", visible ? "false" : "true");
      if (visible) slide.removeAttribute("inert");
      else slide.setAttribute("inert", "");
    });
    this.dots.forEach(function (dot) {
      var active = Number(dot.getAttribute("data-carousel-dot")) === self.index;
      dot.setAttribute("aria-current", active ? "true" : "false");
    });
    if (this.status) {
      var last = mod(this.index + pv - 1, n) + 1;
      this.status.textContent =
        pv > 1
          ? "Showing testimonials " + (this.index + 1) + " to " + last + " of " + n
          : "Showing testimonial " + (this.index + 1) + " of " + n;
    }
  };

  Carousel.prototype.goTo = function (target) {
    var n = this.slides.length;
    if (!n) return;
    target = mod(target, n);
    var step = mod(target - this.index, n);
    if (step > n / 2) step -= n;
    if (step === 0) return;
    if (Math.abs(step) === 1) {
      this.index = target;
      this.render(false);
      return;
    }
    // Several slides at once (a dot): fade out, move, fade in.
    var self = this;
    clearTimeout(this.fadeTimer);
    this.index = target;
    this.root.setAttribute("data-carousel-fading", "");
    this.fadeTimer = setTimeout(function () {
      self.render(true);
      self.root.removeAttribute("data-carousel-fading");
    }, 160);
  };

  Carousel.prototype.next = function () {
    this.goTo(this.index + 1);
  };

  Carousel.prototype.prev = function () {
    this.goTo(this.index - 1);
  };

  Carousel.prototype.stepWidth = function () {
    var slide = this.slides[0];
    var gap = parseFloat(getComputedStyle(this.track).columnGap) || 0;
    return slide ? slide.getBoundingClientRect().width + gap : 0;
  };

  Carousel.prototype.setDrag = function (px) {
    this.track.style.setProperty("--carousel-drag", px + "px");
  };

  Carousel.prototype.bind = function () {
    var self = this;
    var root = this.root;

    root.addEventListener("click", function (event) {
      var el = event.target instanceof Element ? event.target : null;
      if (!el) return;
      if (el.closest("[data-carousel-prev]")) self.prev();
      else if (el.closest("[data-carousel-next]")) self.next();
      else {
        var dot = el.closest("[data-carousel-dot]");
        if (dot) self.goTo(Number(dot.getAttribute("data-carousel-dot")));
      }
    });

    root.addEventListener("keydown", function (event) {
      var tag = event.target && event.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      if (event.key === "ArrowRight") {
        event.preventDefault();
        self.next();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        self.prev();
      }
    });

    if (!this.viewport) return;
    var vp = this.viewport;
    // Slides move by transform only; keep the clipped viewport itself from scrolling (a
    // leftover of the no-script fallback, or the browser revealing a focused element).
    vp.scrollLeft = 0;
    vp.addEventListener("scroll", function () {
      if (vp.scrollLeft !== 0) vp.scrollLeft = 0;
    });

    vp.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      var el = event.target instanceof Element ? event.target : null;
      if (el && el.closest("a, button, input, textarea, select")) return;
      self.drag = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        dx: 0,
        active: false,
        limit: self.stepWidth(),
      };
    });

    vp.addEventListener("pointermove", function (event) {
      var d = self.drag;
      if (!d || d.id !== event.pointerId) return;
      var dx = event.clientX - d.x;
      var dy = event.clientY - d.y;
      if (!d.active) {
        if (Math.abs(dx) >= DRAG_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) {
          d.active = true;
          root.setAttribute("data-carousel-dragging", "");
          try {
            vp.setPointerCapture(event.pointerId);
          } catch (e) {
            /* the pointer may already be gone */
          }
        } else if (Math.abs(dy) >= DRAG_THRESHOLD_PX) {
          self.drag = null; // a vertical gesture: leave it to the page
          return;
        } else {
          return;
        }
      }
      d.dx = dx;
      event.preventDefault();
      self.setDrag(Math.max(-d.limit, Math.min(d.limit, dx)));
    });

    function endDrag(event, cancelled) {
      var d = self.drag;
      if (!d || d.id !== event.pointerId) return;
      self.drag = null;
      if (!d.active) return; // under the threshold: an ordinary click
      root.removeAttribute("data-carousel-dragging");
      self.setDrag(0);
      self.suppressClick = true;
      setTimeout(function () {
        self.suppressClick = false;
      }, 0);
      if (cancelled) return;
      if (d.dx <= -DRAG_THRESHOLD_PX) self.next();
      else if (d.dx >= DRAG_THRESHOLD_PX) self.prev();
    }

    vp.addEventListener("pointerup", function (event) {
      endDrag(event, false);
    });
    vp.addEventListener("pointercancel", function (event) {
      endDrag(event, true);
    });
    // A drag must not also count as a click on whatever is under the pointer.
    vp.addEventListener(
      "click",
      function (event) {
        if (self.suppressClick) {
          event.preventDefault();
          event.stopPropagation();
        }
      },
      true
    );
    vp.addEventListener("dragstart", function (event) {
      event.preventDefault(); // no native image dragging
    });
  };

  // The page is server-rendered and then hydrated by React; changing an element before React
  // has claimed it breaks hydration. React marks claimed nodes with a __reactFiber$ key.
  var startedAt = Date.now();
  var HYDRATION_GIVE_UP_MS = 5000; // not a React page after all: go ahead anyway
  var retryTimer = 0;
  function isHydrated(el) {
    if (Date.now() - startedAt > HYDRATION_GIVE_UP_MS) return true;
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].indexOf("__reactFiber$") === 0) return true;
    }
    return false;
  }
  function retryLater() {
    if (!retryTimer) {
      retryTimer = setTimeout(function () {
        retryTimer = 0;
        scan();
      }, 60);
    }
  }

  function setUpCarousels() {
    instances = instances.filter(function (c) {
      return c.root.isConnected;
    });
    var roots = document.querySelectorAll("[data-carousel]:not([" + READY + "])");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      if (!root.querySelector("[data-carousel-slide]")) continue;
      var status = root.querySelector("[data-carousel-status]") || root;
      if (!isHydrated(root) || !isHydrated(status)) {
        retryLater();
        continue;
      }
      root.setAttribute(READY, "");
      instances.push(new Carousel(root));
    }
  }

  // P-HOME-3: a [data-stagger] group waits until it scrolls into view, then its children play
  // their CSS entrance animation (each child carries its own animation-delay).
  var staggerObserver = null;
  function setUpStaggers() {
    var groups = document.querySelectorAll("[data-stagger]:not([data-stagger-state])");
    if (!groups.length) return;
    if (!("IntersectionObserver" in window)) {
      for (var j = 0; j < groups.length; j++) groups[j].setAttribute("data-stagger-state", "play");
      return;
    }
    if (!staggerObserver) {
      staggerObserver = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (entry.isIntersecting) {
              entry.target.setAttribute("data-stagger-state", "play");
              staggerObserver.unobserve(entry.target);
            }
          });
        },
        { rootMargin: "0px 0px -8% 0px" }
      );
    }
    for (var k = 0; k < groups.length; k++) {
      var g = groups[k];
      if (!isHydrated(g)) {
        retryLater();
        continue;
      }
      var rect = g.getBoundingClientRect();
      var inView = rect.top < window.innerHeight && rect.bottom > 0;
      g.setAttribute("data-stagger-state", inView ? "play" : "waiting");
      if (!inView) staggerObserver.observe(g);
    }
  }

  function scan() {
    setUpCarousels();
    setUpStaggers();
  }

  var scheduled = false;
  function scheduleScan() {
    if (scheduled) return;
    scheduled = true;
    var run = function () {
      scheduled = false;
      scan();
    };
    if (window.requestAnimationFrame) window.requestAnimationFrame(run);
    else setTimeout(run, 16);
  }

  var resizeTimer = 0;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () {
      instances.forEach(function (c) {
        if (c.root.isConnected) c.render(true);
      });
    }, 100);
  });

  new MutationObserver(scheduleScan).observe(document.documentElement, {
    childList: true,
    subtree: true,
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();

  window.UnstuckCarousel = { scan: scan, instances: function () { return instances.slice(); } };
})();
