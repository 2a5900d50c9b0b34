import { RED, type SandboxGame } from './games';

const TEXT = {
  pt: {
    balance: 'Saldo',
    bet: 'Aposta',
    spin: 'Girar',
    roll: 'Jogar dados',
    win: 'Você ganhou',
    lose: 'Sem prêmio desta vez',
    demo: 'Modo demonstração: créditos fictícios',
    real: 'Dinheiro real',
    rtp: 'RTP teórico',
    paytable: 'Tabela de pagamentos (3 iguais numa linha, 5 linhas)',
    lines: 'A aposta é dividida igualmente entre as 5 linhas.',
    nofunds: 'Saldo insuficiente.',
    limit: 'Aposta recusada: ela passaria de um limite de jogo responsável seu.',
    blocked: 'Apostas bloqueadas nesta conta (pausa ou autoexclusão).',
    error: 'Não foi possível concluir a jogada. Tente novamente.',
    expired: 'Sessão de jogo encerrada. Volte ao cassino e abra o jogo de novo.',
    under: 'Abaixo de 7 (2,3x)',
    seven: 'Exatamente 7 (5,75x)',
    over: 'Acima de 7 (2,3x)',
    clear: 'Limpar',
    chips: 'Fichas na mesa',
    red: 'Vermelho',
    black: 'Preto',
    odd: 'Ímpar',
    even: 'Par',
    low: '1-18',
    high: '19-36',
    dozen: 'dúzia',
    placeBets: 'Toque nas casas para apostar (fichas do valor escolhido).',
    notFound: 'Sessão de jogo não encontrada ou expirada.',
    freeSpins: 'Giros grátis',
    of: 'de',
    freeSpin: 'Giro grátis',
    freeBet: 'Aposta por giro',
    freeDone: 'Giros grátis concluídos: os ganhos estão no seu saldo de bônus.',
    freeWin: 'Ganho de giro grátis (saldo de bônus)',
    freeEnded: 'Os giros grátis desta oferta foram encerrados.',
  },
  en: {
    balance: 'Balance',
    bet: 'Bet',
    spin: 'Spin',
    roll: 'Roll dice',
    win: 'You won',
    lose: 'No win this time',
    demo: 'Demo mode: play money',
    real: 'Real money',
    rtp: 'Theoretical RTP',
    paytable: 'Paytable (3 of a kind on a line, 5 lines)',
    lines: 'The stake is split evenly over the 5 lines.',
    nofunds: 'Insufficient balance.',
    limit: 'Bet refused: it would go over one of your responsible gaming limits.',
    blocked: 'Bets are blocked on this account (a break or self-exclusion).',
    error: 'The play could not be completed. Please try again.',
    expired: 'Game session ended. Go back to the casino and open the game again.',
    under: 'Under 7 (2.3x)',
    seven: 'Exactly 7 (5.75x)',
    over: 'Over 7 (2.3x)',
    clear: 'Clear',
    chips: 'Chips on the table',
    red: 'Red',
    black: 'Black',
    odd: 'Odd',
    even: 'Even',
    low: '1-18',
    high: '19-36',
    dozen: 'dozen',
    placeBets: 'Tap the spots to bet (chips of the chosen value).',
    notFound: 'Game session not found or expired.',
    freeSpins: 'Free spins',
    of: 'of',
    freeSpin: 'Free spin',
    freeBet: 'Stake per spin',
    freeDone: 'Free spins done: the winnings are in your bonus balance.',
    freeWin: 'Free spin win (bonus balance)',
    freeEnded: 'The free spins of this offer have ended.',
  },
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The stand-in's game page: one self-contained HTML document (no external assets), playable on a phone. */
export function gamePage(
  o: { game: SandboxGame; demo: boolean; language: 'pt' | 'en'; bets: number[]; strip: number[] } | null,
): string {
  if (!o) {
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox</title></head><body style="margin:0;display:grid;place-items:center;height:100vh;background:#0b1020;color:#e5e7eb;font:16px system-ui,sans-serif;text-align:center;padding:16px"><p>${TEXT.pt.notFound}<br><small>${TEXT.en.notFound}</small></p></body></html>`;
  }
  const t = TEXT[o.language];
  const g = o.game;
  const [bg, mid, accent] = g.palette;
  const config = {
    kind: g.kind,
    demo: o.demo,
    bets: o.bets,
    t,
    locale: o.language === 'pt' ? 'pt-BR' : 'en-GB',
    symbols: g.theme?.symbols ?? [],
    pay: g.theme?.pay ?? [],
    strip: o.strip,
    red: [...RED],
  };
  const paytable = g.theme
    ? `<details class="pay"><summary>${t.paytable}</summary><div class="pt">${g.theme.symbols
        .map(
          (s, i) =>
            `<span><b style="color:${s.color}">${esc(s.glyph)}${esc(s.glyph)}${esc(s.glyph)}</b> ${g.theme!.pay[i]}x</span>`,
        )
        .join('')}</div><small>${t.lines}</small></details>`
    : '';
  return `<!doctype html><html lang="${o.language === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<title>${esc(g.title)}</title>
<style>
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{background:radial-gradient(120% 90% at 50% 0%,${mid} 0%,${bg} 70%);color:#f8fafc;font:15px/1.35 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;display:flex;flex-direction:column;align-items:center;overflow:auto}
header{width:100%;display:flex;justify-content:space-between;align-items:center;padding:10px 14px;gap:8px;background:rgba(0,0,0,.35)}
h1{font-size:17px;margin:0;letter-spacing:.02em}
.mode{font-size:12px;padding:3px 8px;border-radius:99px;background:${o.demo ? '#334155' : '#15803d'}}
main{flex:1;width:100%;max-width:560px;padding:14px;display:flex;flex-direction:column;gap:12px;align-items:stretch;justify-content:center}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;padding:10px;border-radius:16px;background:rgba(0,0,0,.45);border:2px solid ${accent}}
.cell{aspect-ratio:1/1;border-radius:12px;background:linear-gradient(180deg,#1f2937,#0f172a);display:grid;place-items:center;font-size:clamp(28px,9vw,52px);font-weight:800;transition:transform .15s}
.cell.win{outline:3px solid ${accent};animation:pulse .6s ease-in-out 3}
.cell.spin{animation:blur .12s linear infinite}
@keyframes pulse{50%{transform:scale(1.08)}}@keyframes blur{50%{transform:translateY(6px);opacity:.6}}
.bar{display:flex;gap:8px;align-items:center;justify-content:space-between;flex-wrap:wrap}
.bal{font-size:18px;font-weight:700}.bal small{display:block;font-size:12px;font-weight:400;opacity:.75}
select,button{font:inherit;border-radius:10px;border:0;padding:10px 14px}
select{background:#111827;color:#f8fafc;border:1px solid #374151}
button.go{background:${accent};color:#111;font-weight:800;min-width:120px;font-size:17px}
button:disabled{opacity:.55}
.msg{min-height:24px;text-align:center;font-weight:700}
.msg.win{color:${accent}}.msg.err{color:#fca5a5}
.info{font-size:12px;opacity:.8;text-align:center}
.pay{background:rgba(0,0,0,.3);border-radius:10px;padding:8px 12px;font-size:13px}
.pt{display:grid;grid-template-columns:repeat(auto-fill,minmax(110px,1fr));gap:4px;margin:8px 0}
.wheel{display:grid;place-items:center}
.ball{width:120px;height:120px;border-radius:50%;display:grid;place-items:center;font-size:46px;font-weight:800;border:6px solid ${accent};background:#064e3b;transition:background .3s}
.board{display:grid;grid-template-columns:repeat(6,1fr);gap:4px}
.board button{padding:8px 0;font-size:13px;background:#1f2937;color:#fff;position:relative}
.board button.r{background:#b91c1c}.board button.k{background:#111827}.board button.z{background:#047857;grid-column:span 6}
.board button.wide{grid-column:span 2}
.board button i{position:absolute;top:-6px;right:-4px;background:${accent};color:#111;border-radius:99px;font-size:10px;font-style:normal;padding:1px 5px}
.dice{display:flex;gap:16px;justify-content:center}
.die{width:86px;height:86px;border-radius:16px;background:#f8fafc;color:#111;display:grid;place-items:center;font-size:44px;font-weight:800}
.picks{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.picks button{background:#1f2937;color:#fff;font-size:13px}.picks button.on{background:${accent};color:#111}
.free{display:none;align-items:center;justify-content:space-between;gap:8px;padding:10px 14px;border-radius:12px;background:rgba(0,0,0,.5);border:2px dashed ${accent};font-weight:800}
.free.on{display:flex}.free small{font-weight:400;opacity:.85}
</style></head><body>
<header><h1>${esc(g.title)}</h1><span class="mode">${o.demo ? t.demo : t.real}</span></header>
<main id="app">
<div class="free" id="free" role="status" aria-live="polite"><span id="freeText"></span><small id="freeBet"></small></div>
<div id="stage"></div>
<div class="msg" id="msg" aria-live="polite"></div>
<div class="bar"><div class="bal"><small>${t.balance}</small><span id="bal">…</span></div>
<label><small style="display:block;font-size:12px;opacity:.75">${t.bet}</small><select id="bet"></select></label>
<button class="go" id="go" disabled>${g.kind === 'dice' ? t.roll : t.spin}</button></div>
${paytable}
<p class="info">${t.rtp}: ${(g.rtp_bp / 100).toFixed(2).replace('.', o.language === 'pt' ? ',' : '.')}%</p>
</main>
<script>
const C=${JSON.stringify(config).replace(/</g, '\\u003c')};
const token=location.pathname.split('/').pop();
const $=(id)=>document.getElementById(id);
const fmt=(c)=>new Intl.NumberFormat(C.locale,{style:'currency',currency:'BRL'}).format(c/100);
const msg=(text,cls)=>{const m=$('msg');m.textContent=text||'';m.className='msg '+(cls||'')};
let balance=0;let busy=false;let pick='under';let chips=[];let free=null;
const label=${JSON.stringify(g.kind === 'dice' ? t.roll : t.spin)};
function setFree(f){free=f&&f.played<f.rounds?f:null;$('free').classList.toggle('on',!!free);$('bet').disabled=!!free;if(free&&C.bets.includes(free.bet))$('bet').value=String(free.bet);$('go').textContent=free?C.t.freeSpin:label;
if(free){$('freeText').textContent=C.t.freeSpins+': '+free.played+' '+C.t.of+' '+free.rounds;$('freeBet').textContent=C.t.freeBet+' '+fmt(free.bet)}}
for(const b of C.bets){const o=document.createElement('option');o.value=b;o.textContent=fmt(b);$('bet').append(o)}
$('bet').value=String(C.bets[1]);
const stage=$('stage');
function setBal(b){balance=b;$('bal').textContent=fmt(b)}
if(C.kind==='slot'){stage.innerHTML='<div class="reels" id="reels"></div>';for(let i=0;i<9;i++){const d=document.createElement('div');d.className='cell';stage.querySelector('#reels').append(d)}drawGrid([[0,1,2],[1,2,3],[2,3,4]].map(c=>c.map(i=>C.strip[i%C.strip.length])))}
if(C.kind==='dice'){stage.innerHTML='<div class="dice"><div class="die" id="d1">⚀</div><div class="die" id="d2">⚀</div></div><div class="picks" style="margin-top:12px">'+['under','seven','over'].map(p=>'<button data-p="'+p+'">'+C.t[p]+'</button>').join('')+'</div>';
stage.querySelectorAll('[data-p]').forEach(b=>b.onclick=()=>{pick=b.dataset.p;stage.querySelectorAll('[data-p]').forEach(x=>x.classList.toggle('on',x===b))});stage.querySelector('[data-p]').click()}
if(C.kind==='roulette'){let h='<div class="wheel"><div class="ball" id="ball">0</div></div><p class="info">'+C.t.placeBets+'</p><div class="board"><button class="z" data-t="straight" data-v="0">0</button>';
for(let n=1;n<=36;n++)h+='<button class="'+(C.red.includes(n)?'r':'k')+'" data-t="straight" data-v="'+n+'">'+n+'</button>';
h+='<button class="wide" data-t="dozen" data-v="1">1ª '+C.t.dozen+'</button><button class="wide" data-t="dozen" data-v="2">2ª '+C.t.dozen+'</button><button class="wide" data-t="dozen" data-v="3">3ª '+C.t.dozen+'</button>';
for(const k of ['red','black','odd','even','low','high'])h+='<button class="wide '+(k==='red'?'r':k==='black'?'k':'')+'" data-t="'+k+'">'+C.t[k]+'</button>';
h+='</div><div class="bar" style="margin-top:8px"><span class="info" id="chips">'+C.t.chips+': '+fmt(0)+'</span><button id="clear" style="background:#374151;color:#fff">'+C.t.clear+'</button></div>';stage.innerHTML=h;
stage.querySelectorAll('[data-t]').forEach(b=>b.onclick=()=>{const a=Number($('bet').value);const t=b.dataset.t;const v=b.dataset.v===undefined?undefined:Number(b.dataset.v);const ex=chips.find(c=>c.type===t&&c.value===v);if(ex)ex.amount+=a;else chips.push({type:t,value:v,amount:a});drawChips()});
$('clear').onclick=()=>{chips=[];drawChips()};}
function drawChips(){stage.querySelectorAll('[data-t]').forEach(b=>{const v=b.dataset.v===undefined?undefined:Number(b.dataset.v);const c=chips.find(c=>c.type===b.dataset.t&&c.value===v);b.querySelector('i')?.remove();if(c){const i=document.createElement('i');i.textContent=fmt(c.amount).replace(/\\s/g,'');b.append(i)}});$('chips').textContent=C.t.chips+': '+fmt(chips.reduce((s,c)=>s+c.amount,0))}
function drawGrid(grid,wins){const cells=stage.querySelectorAll('.cell');const L=[[[0,0],[1,0],[2,0]],[[0,1],[1,1],[2,1]],[[0,2],[1,2],[2,2]],[[0,0],[1,1],[2,2]],[[0,2],[1,1],[2,0]]];const hot=new Set();(wins||[]).forEach(w=>L[w.line].forEach(([c,r])=>hot.add(r*3+c)));
for(let r=0;r<3;r++)for(let c=0;c<3;c++){const s=C.symbols[grid[c][r]];const el=cells[r*3+c];el.textContent=s.glyph;el.style.color=s.color;el.style.fontSize=s.glyph.length>1?'clamp(18px,6vw,30px)':'';el.classList.remove('spin');el.classList.toggle('win',hot.has(r*3+c))}}
const FACES=['⚀','⚁','⚂','⚃','⚄','⚅'];
async function load(){try{const r=await fetch('${'/provider-sandbox'}/api/state/'+token);const j=await r.json();if(!r.ok)throw new Error(j.error);setBal(j.balance);setFree(j.free_rounds||null);$('go').disabled=false}catch(e){msg(C.t.expired,'err')}}
$('go').onclick=async()=>{if(busy)return;const bet=Number($('bet').value);let body;
if(C.kind==='slot')body={bet};else if(C.kind==='dice')body={bet,pick};else{if(!chips.length)return;body={bets:chips}}
busy=true;$('go').disabled=true;msg('');
if(C.kind==='slot')stage.querySelectorAll('.cell').forEach(c=>{c.classList.remove('win');c.classList.add('spin')});
if(C.kind==='roulette')$('ball').textContent='…';
try{const r=await fetch('${'/provider-sandbox'}/api/play/'+token,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});const j=await r.json();
await new Promise(res=>setTimeout(res,C.kind==='slot'?650:450));
if(!r.ok&&free&&r.status===409&&j.error!=='busy'){stage.querySelectorAll('.cell').forEach(c=>c.classList.remove('spin'));msg(C.t.freeEnded,'err');setFree(null);if(typeof j.balance==='number')setBal(j.balance);return}
if(!r.ok){if(C.kind==='slot')stage.querySelectorAll('.cell').forEach(c=>c.classList.remove('spin'));msg(j.error==='RESPONSIBLE_GAMING_LIMIT'?C.t.limit:j.error==='PLAYER_BLOCKED'?C.t.blocked:r.status===402?C.t.nofunds:r.status===404?C.t.expired:C.t.error,'err');if(typeof j.balance==='number')setBal(j.balance);return}
if(C.kind==='slot')drawGrid(j.grid,j.wins);
if(C.kind==='dice'){$('d1').textContent=FACES[j.dice[0]-1];$('d2').textContent=FACES[j.dice[1]-1]}
if(C.kind==='roulette'){const b=$('ball');b.textContent=j.number;b.style.background=j.number===0?'#047857':C.red.includes(j.number)?'#b91c1c':'#111827'}
setBal(j.balance);msg(j.win>0?(j.free_round?C.t.freeWin+': ':C.t.win+' ')+fmt(j.win):C.t.lose,j.win>0?'win':'');
if(j.free_round){const f=j.free_round;$('freeText').textContent=C.t.freeSpins+': '+f.played+' '+C.t.of+' '+f.rounds;if(f.played>=f.rounds){free=null;$('bet').disabled=false;$('go').textContent=label;setTimeout(()=>{$('free').classList.remove('on');msg(C.t.freeDone,'win');load()},1600)}}
try{parent.postMessage({type:'sandbox:balance',balance:j.balance},'*')}catch(e){}
}catch(e){msg(C.t.error,'err')}finally{busy=false;$('go').disabled=false}};
load();
</script></body></html>`;
}
