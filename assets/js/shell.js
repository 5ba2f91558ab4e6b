// Site shell behaviour that needs no server round-trip.
(function () {
  "use strict";
  // P-SHELL-1: mark the document once it has scrolled more than 10 px (CSS shrinks the header).
  var SHRINK_AFTER_PX = 10;
  function onScroll() {
    var scrolled = window.scrollY > SHRINK_AFTER_PX;
    var root = document.documentElement;
    if ((root.dataset.scrolled === "true") !== scrolled) {
      root.dataset.scrolled = scrolled ? "true" : "false";
    }
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  document.addEventListener("DOMContentLoaded", onScroll);
  onScroll();

  // A toast's button clicked with the mouse takes no focus. Sonner remembers what had focus
  // before its toasts did and gives it back as soon as focus leaves them: the founder who
  // clicked "Upgrade now" and then clicked into a form had every keystroke sent back to the
  // "Upgrade to Elite" button. The click itself still runs; the keyboard path (Alt+T) is kept.
  document.addEventListener(
    "mousedown",
    function (event) {
      var target = event.target;
      if (target instanceof Element && target.closest("[data-sonner-toast] button")) {
        event.preventDefault();
      }
    },
    true
  );
})();
