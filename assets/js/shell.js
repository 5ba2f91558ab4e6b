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
})();
