// The table page's one script (ours, no library): live updates and draw entry by tapping names.
(function () {
  "use strict";
  var top = document.getElementById("top");
  var submitting = false;  // this page's own input is on its way: the page it leads to shows the rest
  document.addEventListener("submit", function () { submitting = true; });
  if (top && window.EventSource) {
    var shown = parseInt(top.dataset.event, 10);
    var source = new EventSource("/api/games/" + top.dataset.game + "/stream");
    source.addEventListener("events", function (message) {
      var now = JSON.parse(message.data).event;
      if (now === shown || submitting) return;
      var typing = document.activeElement && document.activeElement.tagName === "INPUT" && document.activeElement.value;
      document.getElementById("live").hidden = false;
      if (!typing) { source.close(); window.location.reload(); }
    });
  }
  // A tapped name goes into the draw box (the box takes names separated by commas); a tapped
  // did-you-mean takes the place of the word that was refused.
  document.querySelectorAll(".chip").forEach(function (chip) {
    chip.addEventListener("click", function () {
      var box = document.getElementById("draw");
      var wrong = chip.dataset.wrong;
      if (wrong && box.value.indexOf(wrong) >= 0) {
        box.value = box.value.replace(wrong, chip.dataset.name);
      } else {
        box.value = box.value ? box.value.replace(/[,\s]*$/, "") + ", " + chip.dataset.name : chip.dataset.name;
      }
      box.focus();
    });
  });
})();
