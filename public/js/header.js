// Plain JS: works on pages served without React too (ADR 021).
(function () {
  var d = document, open = 'header details[open]';
  function shut(m, focus) {
    m.removeAttribute('open');
    if (focus) m.querySelector('summary').focus();
  }
  // Escape closes an open header menu and puts focus back on its button.
  d.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') d.querySelectorAll(open).forEach(function (m) { shut(m, 1); });
  });
  // Choosing a link closes its menu; a click elsewhere closes any open menu.
  d.addEventListener('click', function (e) {
    d.querySelectorAll(open).forEach(function (m) {
      if (!m.contains(e.target) || e.target.closest('a')) shut(m);
    });
  });
  // Countdowns: the same rules as relativeKickoff in app/lib/countdown.ts.
  function n(v, u) { return v + ' ' + u + (v === 1 ? '' : 's'); }
  function rel(ms) {
    var M = 6e4, H = 36e5, D = 864e5;
    return ms <= -2 * H ? 'Played' : ms <= 0 ? 'Kick-off!'
      : ms >= 2 * D ? 'in ' + n(Math.floor(ms / D), 'day')
      : ms >= H ? 'in ' + n(Math.floor(ms / H), 'hour')
      : 'in ' + n(Math.max(1, Math.ceil(ms / M)), 'minute');
  }
  function tick() {
    d.querySelectorAll('[data-countdown]').forEach(function (el) {
      var t = rel(Date.parse(el.dataset.countdown) - Date.now());
      if (el.textContent !== t) el.textContent = t;
    });
  }
  tick();
  setInterval(tick, 3e4);
})();
