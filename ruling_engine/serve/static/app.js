// floorcall serve: the only script. Filters the event list as you type (the page works without it).
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("input[data-filter]").forEach(function (box) {
    var list = document.querySelector(box.getAttribute("data-filter"));
    if (!list) { return; }
    box.addEventListener("input", function () {
      var words = box.value.trim().toLowerCase();
      list.querySelectorAll("[data-group]").forEach(function (group) {
        var shown = 0;
        group.querySelectorAll("button[data-words]").forEach(function (button) {
          var match = !words || button.getAttribute("data-words").indexOf(words) !== -1;
          button.hidden = !match;
          if (match) { shown += 1; }
        });
        group.hidden = shown === 0;
      });
    });
  });
});
