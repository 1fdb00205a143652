/// The live page's script (`/_sdui/app.js`): opens the page's WebSocket, applies what the server sends (panels,
/// patches, state, problems, lint, notices), and sends taps, typing, choices and state edits. The only script a
/// page runs: its Content-Security-Policy allows no other.
enum ServeScript {
    static let source = #"""
'use strict';
(function () {
  var body = document.body;
  var stats = window.sduiServe = { loadedAt: Date.now(), messages: 0, patches: 0, panels: 0, ready: false, connections: 0 };

  // Images: marked loaded or failed by events (the page has no inline handlers).
  function markImage(img) {
    var box = img.parentNode;
    if (!box || !box.classList || !box.classList.contains('sdui-image')) return;
    if (img.complete) box.classList.add(img.naturalWidth > 0 ? 'sdui-loaded' : 'sdui-failed');
  }
  document.addEventListener('load', function (e) { if (e.target.tagName === 'IMG') markImage(e.target); }, true);
  document.addEventListener('error', function (e) {
    var t = e.target;
    if (t.tagName === 'IMG' && t.parentNode && t.parentNode.classList) t.parentNode.classList.add('sdui-failed');
  }, true);
  function markImages(root) { root.querySelectorAll('.sdui-image img').forEach(markImage); }
  markImages(document);

  var statusEl = document.getElementById('sv-status');
  function setStatus(text, live) {
    if (!statusEl) return;
    statusEl.textContent = text;
    statusEl.classList.toggle('sv-live', !!live);
  }

  var ws = null, retry = 0, queue = [];
  function send(message) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); else queue.push(message);
  }
  function connect(hello, onMessage) {
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/_sdui/live');
    ws.onopen = function () {
      retry = 0;
      stats.connections += 1;
      ws.send(JSON.stringify(hello()));
      queue.splice(0).forEach(function (m) { ws.send(JSON.stringify(m)); });
    };
    ws.onmessage = function (e) {
      var batch;
      try { batch = JSON.parse(e.data); } catch (err) { return; }
      (Array.isArray(batch) ? batch : [batch]).forEach(function (m) { stats.messages += 1; onMessage(m); });
    };
    ws.onclose = function () {
      stats.ready = false;
      setStatus('disconnected — retrying', false);
      retry += 1;
      setTimeout(function () { connect(hello, onMessage); }, Math.min(4000, 250 * retry));
    };
  }

  // A folder's index reloads when its files change.
  if (body.dataset.index !== undefined) {
    connect(function () { return { t: 'hello', index: true }; }, function (m) {
      if (m.t === 'index') location.reload();
    });
    setStatus('live', true);
    return;
  }

  var pageName = body.dataset.page;
  var storeKey = 'sdui-serve:' + pageName;
  var choices = JSON.parse(body.dataset.choices || '{}');
  try {
    var saved = JSON.parse(localStorage.getItem(storeKey) || 'null');
    if (saved && typeof saved === 'object') Object.keys(saved).forEach(function (k) { choices[k] = saved[k]; });
  } catch (err) { /* no storage */ }
  var panelsEl = document.getElementById('sv-panels');
  var overlay = document.getElementById('sv-overlay');
  var stateText = document.getElementById('sv-state-text');
  var stateDirty = false;
  var lastState = stateText ? stateText.value : '{}';

  // Controls reflect the choices (restored from the browser's storage).
  function showChoices() {
    body.classList.toggle('sdui-dark', !!choices.dark);
    var dark = document.getElementById('sv-dark'); if (dark) dark.checked = !!choices.dark;
    var size = document.getElementById('sv-size'); if (size && choices.size) size.value = choices.size;
    var o = document.getElementById('sv-orientation'); if (o && choices.orientation) o.value = choices.orientation;
    var hidden = choices.hidden || [];
    document.querySelectorAll('.sv-device-list input[data-w]').forEach(function (box) { box.checked = hidden.indexOf(box.dataset.w) < 0; });
  }
  function choose() {
    try { localStorage.setItem(storeKey, JSON.stringify(choices)); } catch (err) { /* no storage */ }
    send({ t: 'choose', choices: choices });
  }
  showChoices();
  function on(id, event, handler) { var el = document.getElementById(id); if (el) el.addEventListener(event, handler); }
  on('sv-dark', 'change', function (e) { choices.dark = e.target.checked; body.classList.toggle('sdui-dark', choices.dark); choose(); });
  on('sv-size', 'change', function (e) { choices.size = e.target.value; choose(); });
  on('sv-orientation', 'change', function (e) { choices.orientation = e.target.value; choose(); });
  document.querySelectorAll('.sv-device-list input[data-w]').forEach(function (box) {
    box.addEventListener('change', function () {
      choices.hidden = [];
      document.querySelectorAll('.sv-device-list input[data-w]').forEach(function (b) { if (!b.checked) choices.hidden.push(b.dataset.w); });
      choose();
    });
  });
  on('sv-preview', 'change', function (e) { send({ t: 'preview', name: e.target.value }); });
  on('sv-state-apply', 'click', function () { stateDirty = false; send({ t: 'state', json: stateText.value }); });
  on('sv-state-reset', 'click', function () { stateDirty = false; send({ t: 'reset' }); });
  if (stateText) stateText.addEventListener('input', function () { stateDirty = true; });

  // Scroll positions of scroll views, by window and view key, kept across a panel's replacement.
  function scrolls(root) {
    var kept = [];
    root.querySelectorAll('.sdui-scroll').forEach(function (el) {
      if (el.scrollTop || el.scrollLeft) {
        var section = el.closest('section[data-w]');
        kept.push({ w: section ? section.dataset.w : '', k: el.dataset.k, top: el.scrollTop, left: el.scrollLeft });
      }
    });
    return kept;
  }
  function restoreScrolls(root, kept) {
    kept.forEach(function (s) {
      var section = s.w ? root.querySelector('section[data-w="' + CSS.escape(s.w) + '"]') : root;
      var el = section && section.querySelector('[data-k="' + CSS.escape(s.k || '') + '"]');
      if (el) { el.scrollTop = s.top; el.scrollLeft = s.left; }
    });
  }

  function fragment(html) { var t = document.createElement('template'); t.innerHTML = html; return t.content; }
  function isNodeChild(n) { return n.nodeType === 1 && (n.hasAttribute('data-k') || n.hasAttribute('data-deco-of')); }
  function decorationsOf(el) {
    var out = [], k = el.getAttribute('data-k'), p = el.previousElementSibling;
    while (p && p.getAttribute('data-deco-of') === k) { out.unshift(p); p = p.previousElementSibling; }
    return out;
  }
  // Places nodes in parent right after the element of key `after` (null: before its first node child).
  function place(nodes, parent, after, map) {
    nodes.forEach(function (n) { if (n.parentNode) n.parentNode.removeChild(n); });
    var ref = null;
    if (after === null) {
      ref = Array.prototype.find.call(parent.childNodes, isNodeChild) || null;
    } else {
      var a = map.get(after);
      ref = a && a.parentNode === parent ? a.nextSibling : null;
    }
    nodes.forEach(function (n) { parent.insertBefore(n, ref); });
  }
  // The reconciler's operations on one panel's elements: insert, move, update (attributes and own content; the
  // children stay), remove.
  function applyOps(panel, ops) {
    var map = new Map();
    panel.querySelectorAll('[data-k]').forEach(function (el) { map.set(el.getAttribute('data-k'), el); });
    ops.forEach(function (op) {
      var kind = op[0], key = op[1];
      if (kind === 'i' || kind === 'm') {
        var parent = op[2] === null ? panel : map.get(op[2]);
        if (!parent) return;
        var nodes;
        if (kind === 'i') {
          nodes = Array.prototype.slice.call(fragment(op[4]).childNodes);
          var el = nodes.find(function (n) { return n.nodeType === 1 && n.hasAttribute('data-k'); });
          if (el) map.set(key, el);
        } else {
          var moved = map.get(key);
          if (!moved) return;
          nodes = decorationsOf(moved).concat([moved]);
        }
        place(nodes, parent, op[3], map);
        nodes.forEach(function (n) { if (n.nodeType === 1) markImages(n); });
      } else if (kind === 'u') {
        var old = map.get(key);
        if (!old) return;
        var fresh = Array.prototype.slice.call(fragment(op[2]).childNodes);
        var next = fresh.find(function (n) { return n.nodeType === 1 && n.hasAttribute('data-k'); });
        if (!next) return;
        decorationsOf(old).forEach(function (d) { d.remove(); });
        fresh.forEach(function (n) { if (n !== next) old.parentNode.insertBefore(n, old); });
        Array.prototype.slice.call(old.attributes).forEach(function (a) { if (!next.hasAttribute(a.name)) old.removeAttribute(a.name); });
        Array.prototype.slice.call(next.attributes).forEach(function (a) {
          if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
        });
        Array.prototype.slice.call(old.childNodes).forEach(function (n) {
          if (!isNodeChild(n) && !(n.classList && n.classList.contains('sv-editor'))) old.removeChild(n);
        });
        var first = Array.prototype.find.call(old.childNodes, isNodeChild) || null;
        Array.prototype.slice.call(next.childNodes).forEach(function (n) { old.insertBefore(n, first); });
        markImages(old);
      } else if (kind === 'r') {
        var gone = map.get(key);
        if (!gone) return;
        decorationsOf(gone).forEach(function (d) { d.remove(); });
        gone.remove();
        map.delete(key);
      }
    });
  }

  function applyPatch(p) {
    var section = panelsEl.querySelector('section[data-w="' + CSS.escape(p.w) + '"]');
    if (!section) return;
    if (p.panel !== undefined) {
      var device = section.querySelector('.pv-device');
      var kept = scrolls(section);
      device.innerHTML = p.panel;
      restoreScrolls(section, kept);
      markImages(device);
    }
    var panel = section.querySelector('.sdui-panel');
    if (p.ops && panel) applyOps(panel, p.ops);
    if (panel && p.size !== undefined) panel.setAttribute('data-content-size', p.size);
    if (panel && p.title !== undefined) panel.setAttribute('aria-label', p.title);
    if (panel && p.screen !== undefined) panel.setAttribute('data-screen', p.screen);
    if (p.owns !== undefined && panel) { if (p.owns) panel.setAttribute('aria-owns', p.owns); else panel.removeAttribute('aria-owns'); }
    if (p.label !== undefined) section.querySelector('.pv-label').innerHTML = p.label;
    if (p.diagnostics !== undefined) section.querySelector('.pv-diagnostics').innerHTML = p.diagnostics;
  }

  function setList(id, items, empty) {
    var list = document.getElementById(id);
    if (!list) return;
    list.textContent = '';
    if (!items.length) { var li = document.createElement('li'); li.className = 'pv-ok'; li.textContent = empty; list.appendChild(li); }
    items.forEach(function (item) { list.appendChild(item); });
  }
  var notices = [];
  function notice(text) {
    var li = document.createElement('li');
    li.textContent = new Date().toLocaleTimeString() + ' ' + text;
    notices.unshift(li);
    notices = notices.slice(0, 20);
    setList('sv-notices', notices, '');
  }

  var menu = null;
  function closeMenu() { if (menu) { menu.remove(); menu = null; } }
  function showMenu(m) {
    closeMenu();
    var el = elementOf(m.w, m.k);
    if (!el) return;
    var r = el.getBoundingClientRect();
    menu = document.createElement('div');
    menu.className = 'sv-menu';
    menu.style.left = (r.left + window.scrollX) + 'px';
    menu.style.top = (r.bottom + window.scrollY + 4) + 'px';
    m.options.forEach(function (label, i) {
      var item = document.createElement('div');
      item.textContent = label;
      if (i === m.selected) item.className = 'sv-selected';
      item.addEventListener('click', function (e) { e.stopPropagation(); closeMenu(); send({ t: 'pick', w: m.w, k: m.k, index: i }); });
      menu.appendChild(item);
    });
    document.body.appendChild(menu);
  }
  document.addEventListener('click', function (e) { if (menu && !menu.contains(e.target)) closeMenu(); });

  function elementOf(w, k) {
    var section = panelsEl.querySelector('section[data-w="' + CSS.escape(w) + '"]');
    return section && section.querySelector('[data-k="' + CSS.escape(k) + '"]');
  }
  // A text field opens an editor over itself; each change is sent as typed.
  function edit(m) {
    var el = elementOf(m.w, m.k);
    if (!el || el.querySelector('.sv-editor')) return;
    var input = document.createElement('input');
    input.className = 'sv-editor';
    input.type = m.secure ? 'password' : 'text';
    input.value = m.text;
    input.placeholder = m.placeholder;
    input.setAttribute('aria-label', m.placeholder || 'text');
    input.addEventListener('input', function () { send({ t: 'input', w: m.w, k: m.k, text: input.value }); });
    input.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === 'Escape') input.blur(); });
    input.addEventListener('blur', function () { input.remove(); });
    input.addEventListener('click', function (e) { e.stopPropagation(); });
    el.appendChild(input);
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  var interactive = { toggle: 1, stepper: 1, picker: 1, textField: 1 };
  panelsEl.addEventListener('click', function (e) {
    if (e.target.classList && e.target.classList.contains('sv-editor')) return;
    var el = e.target.closest('[data-k]');
    while (el && !el.hasAttribute('data-action') && !interactive[el.getAttribute('data-type')]) {
      el = el.parentElement && el.parentElement.closest('[data-k]');
    }
    if (!el) return;
    var section = el.closest('section[data-w]');
    if (!section) return;
    var r = el.getBoundingClientRect();
    send({ t: 'tap', w: section.dataset.w, k: el.getAttribute('data-k'), x: e.clientX - r.left, y: e.clientY - r.top });
  });

  function handle(m) {
    switch (m.t) {
      case 'panels':
        var kept = scrolls(panelsEl);
        panelsEl.innerHTML = m.html;
        panelsEl.dataset.render = m.render;
        restoreScrolls(panelsEl, kept);
        markImages(panelsEl);
        stats.panels += 1;
        break;
      case 'patch':
        m.panels.forEach(applyPatch);
        stats.patches += 1;
        break;
      case 'meta':
        document.getElementById('sv-title').textContent = m.title;
        document.getElementById('sv-id').textContent = m.id;
        document.title = m.title + ' — sdui serve';
        var select = document.getElementById('sv-preview');
        if (select) {
          select.textContent = '';
          [''].concat(m.previews).forEach(function (name) {
            var option = document.createElement('option');
            option.value = name;
            option.textContent = name || 'initial';
            option.selected = (m.preview || '') === name;
            select.appendChild(option);
          });
        }
        break;
      case 'state':
        lastState = m.json;
        if (stateText && !(stateDirty && document.activeElement === stateText)) { stateText.value = m.json; stateDirty = false; }
        break;
      case 'stateProblems':
        document.getElementById('sv-state-problems').innerHTML = m.html;
        break;
      case 'problems':
        overlay.innerHTML = m.html;
        overlay.hidden = !m.count;
        panelsEl.classList.toggle('sv-stale', !!m.count);
        break;
      case 'lint':
        document.getElementById('sv-lint').innerHTML = m.html;
        break;
      case 'notice':
        notice(m.text);
        break;
      case 'requests':
        setList('sv-requests', m.items.map(function (r) {
          var li = document.createElement('li');
          li.appendChild(document.createTextNode(r.text + ' '));
          [['succeed', true], ['fail', false]].forEach(function (b) {
            var button = document.createElement('button');
            button.type = 'button';
            button.textContent = b[0];
            button.addEventListener('click', function () { send({ t: 'respond', id: r.id, ok: b[1] }); });
            li.appendChild(button);
          });
          return li;
        }), 'none waiting');
        break;
      case 'menu': showMenu(m); break;
      case 'edit': edit(m); break;
      case 'ready':
        stats.ready = true;
        setStatus('live', true);
        break;
    }
  }

  connect(function () {
    var state = null;
    try { state = stats.connections > 1 ? JSON.parse(lastState) : null; } catch (err) { state = null; }
    return { t: 'hello', page: pageName, choices: choices, render: panelsEl.dataset.render, state: state };
  }, handle);
})();
"""#
}
