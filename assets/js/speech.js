// Voice input for the pages with a microphone button (AI Co-Founder, Startup Oracle).
//
// window.unstuckSpeech.listen() resolves with {status: 'ok', text} | {status: 'error', error}
// | {status: 'unsupported'}; the server's SpeechInputMixin.speech_result gets that object.
// window.unstuckSpeech.stop() ends listening (the pending listen() then resolves with what was
// heard). One recogniser at a time: a new listen() aborts the previous one.
(function () {
  "use strict";
  if (window.unstuckSpeech) return;
  var current = null;

  function listen() {
    var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
    if (!Recognition) return Promise.resolve({ status: "unsupported" });
    return new Promise(function (resolve) {
      var done = false;
      var heard = "";
      var rec;
      function finish(result) {
        if (done) return;
        done = true;
        if (current === rec) current = null;
        resolve(result);
      }
      try {
        rec = new Recognition();
      } catch (err) {
        finish({ status: "unsupported" });
        return;
      }
      rec.lang = document.documentElement.lang || navigator.language || "en-US";
      rec.interimResults = false;
      rec.continuous = false;
      rec.maxAlternatives = 1;
      rec.onresult = function (event) {
        heard = Array.from(event.results)
          .map(function (r) { return r[0].transcript; })
          .join(" ");
      };
      rec.onerror = function (event) {
        finish({ status: "error", error: String(event.error || "unknown") });
      };
      rec.onend = function () { finish({ status: "ok", text: heard }); };
      if (current) {
        try { current.abort(); } catch (err) {}
      }
      current = rec;
      try {
        rec.start();
      } catch (err) {
        finish({ status: "error", error: String((err && err.name) || "unknown") });
      }
    });
  }

  function stop() {
    if (current) current.stop();
  }

  window.unstuckSpeech = { listen: listen, stop: stop };
})();
