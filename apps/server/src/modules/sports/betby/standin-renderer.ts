/**
 * The stand-in's BTRenderer: a small script with Betby's initialize() options and callbacks, for the demo and the
 * browser tests when Betby's real script cannot load (no network, no contract). It shows one betslip form; its bet
 * button posts the player token to /api/betby/standin/bet, where the server-side stand-in checks the token as Betby
 * does and plays the betslip through the signed wallet callbacks. Text is set with textContent only.
 */
export const STANDIN_RENDERER_JS = `(function () {
  'use strict';
  var T = {
    'pt-br': { title: 'Betby (simulador local)', guest: 'Entre para apostar', stake: 'Aposta', odds: 'Cotação',
      win: 'Apostar e ganhar', lost: 'Apostar e perder', deposit: 'Depositar', live: 'Ao vivo', done: 'Aposta liquidada',
      failed: 'Aposta recusada' },
    en: { title: 'Betby (local stand-in)', guest: 'Log in to bet', stake: 'Stake', odds: 'Odds', win: 'Bet and win',
      lost: 'Bet and lose', deposit: 'Deposit', live: 'Live', done: 'Bet settled', failed: 'Bet refused' }
  };
  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function BTRenderer() {}
  BTRenderer.prototype.initialize = function (o) {
    var t = T[o.lang] || T['pt-br'];
    var root = el('div', '', { 'data-betby-standin': o.brand_id, 'data-lang': o.lang });
    root.appendChild(el('h2', t.title));
    var nav = el('button', t.live, { type: 'button', 'data-action': 'route' });
    nav.onclick = function () { if (o.onRouteChange) o.onRouteChange('/live'); };
    var dep = el('button', t.deposit, { type: 'button', 'data-action': 'recharge' });
    dep.onclick = function () { if (o.onRecharge) o.onRecharge(); };
    root.appendChild(nav);
    root.appendChild(dep);
    var status = el('p', '', { role: 'status', 'data-status': '' });
    function bet(outcome) {
      if (!o.token) { if (o.onLogin) o.onLogin(); return; }
      status.textContent = '...';
      fetch('/api/betby/standin/bet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: o.token, stake: 1000, odds: 2.5, outcome: outcome })
      }).then(function (r) { return r.json(); }).then(function (r) {
        var steps = (r && r.steps) || [];
        var ok = steps.length > 1 && steps.every(function (s) { return s.status === 200; });
        status.textContent = ok ? t.done : t.failed;
        status.setAttribute('data-status', ok ? 'settled' : 'refused');
      }, function () { status.textContent = t.failed; status.setAttribute('data-status', 'refused'); });
    }
    if (o.token) {
      root.appendChild(el('p', t.stake + ': R$ 10,00 · ' + t.odds + ': 2.50'));
      var w = el('button', t.win, { type: 'button', 'data-action': 'bet-win' });
      w.onclick = function () { bet('win'); };
      var l = el('button', t.lost, { type: 'button', 'data-action': 'bet-lost' });
      l.onclick = function () { bet('lost'); };
      root.appendChild(w);
      root.appendChild(l);
    } else {
      var g = el('button', t.guest, { type: 'button', 'data-action': 'login' });
      g.onclick = function () { if (o.onLogin) o.onLogin(); };
      root.appendChild(g);
    }
    root.appendChild(status);
    o.target.appendChild(root);
    return {
      kill: function () { root.remove(); },
      updateOptions: function () {}
    };
  };
  window.BTRenderer = BTRenderer;
})();
`;
