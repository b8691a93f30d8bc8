// The report's only script: search, kind filters and paging for its long tables. The page reads the same
// without it (every row shown, the controls stay hidden); it fetches nothing and writes no HTML from data.

export const PAGE_SIZE = 50

export const HTML_SCRIPT = `
(function () {
  var PAGE = ${PAGE_SIZE};
  document.querySelectorAll('[data-filter]').forEach(function (box) {
    var bar = box.querySelector('.filterbar');
    var search = box.querySelector('input[type=search]');
    var kinds = Array.prototype.slice.call(box.querySelectorAll('input[data-kind]'));
    var rows = Array.prototype.slice.call(box.querySelectorAll('tbody > tr'));
    var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
    var info = box.querySelector('.shown');
    var prev = box.querySelector('.prev'), next = box.querySelector('.next'), all = box.querySelector('.all');
    var page = 0, showAll = false, timer = null;
    function apply() {
      var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
      var on = {};
      kinds.forEach(function (k) { on[k.getAttribute('data-kind')] = k.checked; });
      var hits = [];
      rows.forEach(function (r, i) {
        var kind = r.getAttribute('data-kind');
        var ok = (!kind || !kinds.length || on[kind]) && words.every(function (w) { return texts[i].indexOf(w) >= 0; });
        if (ok) hits.push(r); else r.style.display = 'none';
      });
      var pages = Math.max(1, Math.ceil(hits.length / PAGE));
      if (page >= pages) page = pages - 1;
      var lo = showAll ? 0 : page * PAGE, hi = showAll ? hits.length : Math.min(hits.length, lo + PAGE);
      hits.forEach(function (r, i) { r.style.display = i >= lo && i < hi ? '' : 'none'; });
      info.textContent = hits.length ? 'Showing ' + (lo + 1) + '–' + hi + ' of ' + hits.length + (hits.length < rows.length ? ' matching (' + rows.length + ' in all)' : '') : 'Nothing matches (' + rows.length + ' in all)';
      prev.disabled = showAll || page === 0;
      next.disabled = showAll || page >= pages - 1;
      all.textContent = showAll ? 'Pages of ' + PAGE : 'Show all';
      all.hidden = hits.length <= PAGE;
    }
    search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(function () { page = 0; apply(); }, 120); });
    kinds.forEach(function (k) { k.addEventListener('change', function () { page = 0; apply(); }); });
    prev.addEventListener('click', function () { page--; apply(); });
    next.addEventListener('click', function () { page++; apply(); });
    all.addEventListener('click', function () { showAll = !showAll; apply(); });
    // #q=words fills the search box: a link can point at a filtered view.
    var m = /[#&]q=([^&]*)/.exec(location.hash);
    if (m) search.value = decodeURIComponent(m[1].replace(/\\+/g, ' '));
    bar.hidden = false;
    apply();
  });
  // Paging shortened the page under the browser's jump to #section: jump again.
  var target = location.hash.slice(1).split('&')[0];
  if (target && target.indexOf('=') < 0 && document.getElementById(target)) document.getElementById(target).scrollIntoView();
})();
`

/** The filter bar above a table: a search box, one checkbox per kind (with its count), paging. */
export function filterBar(placeholder: string, kinds: [string, number][] = []): string {
  const boxes = kinds.map(([k, n]) => `<label class="kind"><input type="checkbox" data-kind="${k}" checked> ${k} (${n})</label>`).join('')
  return `<div class="filterbar" hidden><input type="search" placeholder="${placeholder}" aria-label="${placeholder}">${boxes}<span class="shown muted"></span><span class="pager"><button type="button" class="prev">‹ Prev</button><button type="button" class="next">Next ›</button><button type="button" class="all">Show all</button></span></div>`
}
