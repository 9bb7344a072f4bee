extension ReportWriter {
    /// The page's script: reads the data block, lists the steps, and draws the selected one on demand (a
    /// large script's steps are never all drawn). Every text from the data goes in with `textContent`.
    static let script = #"""
(function () {
"use strict";
var data = JSON.parse(document.getElementById("ripple-data").textContent);
var steps = data.steps, list = document.getElementById("steps"), detail = document.getElementById("detail");
var items = [], current = -1;

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function add(parent, child) { parent.appendChild(child); return child; }

// The timeline.
var fragment = document.createDocumentFragment();
steps.forEach(function (s, i) {
  var li = el("li", "step kind-" + String(s.kind).replace(/[^a-zA-Z]/g, "") + (s.error ? " failed" : ""));
  li.id = "timeline-step-" + (i + 1);  // not "step-N": the page's address (#step-N) must not scroll to it
  var b = add(li, el("button"));
  b.type = "button";
  add(b, el("span", "n", "#" + (i + 1)));
  if (s.error) add(b, el("span", "flag", "FAILED"));
  add(b, el("span", "kind", s.kind));
  add(b, el("span", "label", s.label));
  if (s.lines.length) add(b, el("span", "count", "(" + s.lines.length + (s.lines.length === 1 ? " line)" : " lines)")));
  if (s.scenario && s.kind !== "scenario") add(b, el("span", "scenario-line", "in: " + s.scenario));
  b.addEventListener("click", function () { select(i, true); });
  items.push(li);
  fragment.appendChild(li);
});
list.appendChild(fragment);

// Marks: "s,i" -> labels, for the rows a batch touched, before or after it.
function marksOf(batches, side) {
  var rows = {}, sections = {};
  function mark(map, key, cls, text) { (map[key] = map[key] || []).push([cls, text]); }
  batches.forEach(function (b) {
    var o = b.ops;
    if (side === "before") {
      o["delete"].forEach(function (p) { mark(rows, p.join(), "del", "DELETED"); });
      o.reload.forEach(function (p) { mark(rows, p.join(), "rel", "RELOADED"); });
      o.move.forEach(function (m) { mark(rows, m[0].join(), "mov", "MOVED to [" + m[1].join(", ") + "]"); });
      o.deleteSections.forEach(function (s) { mark(sections, String(s), "del", "SECTION DELETED"); });
      o.reloadSections.forEach(function (s) { mark(sections, String(s), "rel", "SECTION RELOADED"); });
      o.moveSections.forEach(function (m) { mark(sections, String(m[0]), "mov", "SECTION MOVED to " + m[1]); });
    } else {
      o.insert.forEach(function (p) { mark(rows, p.join(), "ins", "INSERTED"); });
      o.move.forEach(function (m) { mark(rows, m[1].join(), "mov", "MOVED from [" + m[0].join(", ") + "]"); });
      var structural = o.insert.length + o["delete"].length + o.move.length + o.insertSections.length + o.deleteSections.length + o.moveSections.length;
      if (!structural) o.reload.forEach(function (p) { mark(rows, p.join(), "rel", "RELOADED"); });
      o.insertSections.forEach(function (s) { mark(sections, String(s), "ins", "SECTION INSERTED"); });
      o.moveSections.forEach(function (m) { mark(sections, String(m[1]), "mov", "SECTION MOVED from " + m[0]); });
    }
  });
  return { rows: rows, sections: sections };
}
function addMarks(parent, list) {
  (list || []).forEach(function (m) { add(parent, el("span", "mark " + m[0], m[1])); });
}

// A table or collection view: its sections, headers and the drawn rows.
function drawView(v, marks) {
  var box = el("div", "view " + v.kind);
  box.setAttribute("data-view", v.name);
  var caption = (v.kind === "table" ? "table view" : "collection view") + " \u201c" + v.name + "\u201d";
  caption += v.dataSource ? " \u00b7 data source: " + v.dataSource : " \u00b7 no data source (one empty section)";
  if (v.loaded) caption += " \u00b7 " + v.total + (v.total === 1 ? " row" : " rows");
  add(box, el("div", "view-caption", caption));
  if (!v.loaded) { add(box, el("div", "placeholder", "not loaded: the view has not asked its data source yet")); return box; }
  marks = marks || { rows: {}, sections: {} };
  var drawnCount = 0, shownEnd = 0;
  v.sections.forEach(function (section, s) {
    var header = null;
    section.supplementary.forEach(function (sv) { if (sv[0] === "header") header = sv[1]; });
    var h = add(box, el("div", "section-header"));
    addMarks(h, marks.sections[String(s)]);
    add(h, el("span", "", header !== null ? header : (v.sections.length > 1 ? "Section " + s : "")));
    var ul = add(box, el("ul", "rows")), next = 0;
    section.rows.forEach(function (r) {
      var item = r[0];
      if (item > next) add(ul, el("li", "gap", "\u22ef " + (item - next) + (item - next === 1 ? " row" : " rows") + " not drawn"));
      next = item + 1;
      var rowMarks = marks.rows[s + "," + item];
      if ((v.selected || []).some(function (p) { return p[0] === s && p[1] === item; })) rowMarks = (rowMarks || []).concat([["sel", "SELECTED"]]);
      var li = add(ul, el("li", "row" + (r[1] === null ? " nocell" : "") + (rowMarks ? " " + rowMarks[0][0] : "")));
      li.setAttribute("data-row", s + "," + item);
      addMarks(li, rowMarks);
      if (r[1] === null) { add(li, el("span", "cell-text", "(no cell: outside the visible window)")); return; }
      var text = null, detail = null, others = [];
      r[1].forEach(function (f) {
        if (f[0] === "text") text = f[1]; else if (f[0] === "detail" || f[0] === "detailText") detail = f[1]; else others.push(f[0] + " = " + f[1]);
      });
      add(li, el("span", "cell-text", text !== null ? text : (r[1].length ? "" : "(empty cell)")));
      if (detail !== null) add(li, el("span", "detail", detail));
      if (others.length) add(li, el("span", "fields", others.join("; ")));
      drawnCount++;
    });
    if (section.count > next) add(ul, el("li", "gap", "\u22ef " + (section.count - next) + (section.count - next === 1 ? " more row" : " more rows")));
    shownEnd += section.count;
  });
  if (!v.sections.length) add(box, el("div", "placeholder", "no sections"));
  return box;
}

function findView(screens, id) {
  var found = null;
  function inVC(vc) {
    if (!vc || found) return;
    vc.views.forEach(function (v) { if (v.id === id) found = v; });
    vc.children.forEach(inVC);
    if (vc.presented) inVC(vc.presented);
  }
  screens.windows.forEach(function (w) { inVC(w.root); });
  screens.controllers.forEach(inVC);
  screens.views.forEach(function (v) { if (v.id === id) found = v; });
  return found;
}

function titleOf(vc) {
  if (vc.title !== null) return vc.title;
  if (vc.kind === "navigation" && vc.children.length && vc.children[0].title !== null) return vc.children[0].title;
  return vc.type;
}

// A controller as a phone shows it: navigation bar, tab bar, its views, a presented sheet over it.
function drawController(vc, marksFor) {
  var box = el("div", "vc");
  var content = box;
  if (vc.presented) {
    content = add(box, el("div", "presenting"));
    content.setAttribute("aria-hidden", "false");
  }
  if (vc.kind === "navigation") {
    var stack = vc.children, top = stack[stack.length - 1];
    var bar = add(content, el("div", "navbar"));
    add(bar, el("span", "back", stack.length > 1 ? "\u2039 " + titleOf(stack[stack.length - 2]) : ""));
    add(bar, el("span", "title", top ? titleOf(top) : "(empty navigation stack)"));
    add(bar, el("span", "back", ""));
    add(content, el("div", "stack", "navigation stack: " + (stack.length ? stack.map(titleOf).join(" \u203a ") : "empty")));
    if (top) add(content, drawController(top, marksFor));
  } else if (vc.kind === "split") {
    // Expanded: the columns side by side; collapsed: the primary column's stack alone.
    var columns = add(content, el("div", vc.collapsed ? "split collapsed" : "split"));
    (vc.collapsed ? vc.children.slice(0, 1) : vc.children).forEach(function (child) { add(columns, drawController(child, marksFor)); });
  } else if (vc.kind === "tabs") {
    var selected = vc.children[vc.selected];
    if (selected) add(content, drawController(selected, marksFor)); else add(content, el("div", "placeholder", "no tabs"));
    var tabs = add(content, el("div", "tabbar"));
    vc.children.forEach(function (child, i) {
      var t = add(tabs, el("span", i === vc.selected ? "selected" : "", (i === vc.selected ? "\u25cf " : "") + titleOf(child) + (i === vc.selected ? " (selected)" : "")));
      if (i === vc.selected) t.setAttribute("aria-current", "page");
    });
  } else {
    add(content, el("div", "vc-caption", vc.type + (vc.title !== null ? " \u201c" + vc.title + "\u201d" : "")));
    vc.views.forEach(function (v) { add(content, drawView(v, marksFor(v.id))); });
    vc.children.forEach(function (child) { add(content, drawController(child, marksFor)); });
    if (!vc.views.length && !vc.children.length) add(content, el("div", "placeholder", "no table or collection view"));
  }
  if (vc.dependencies.length) add(content, el("div", "deps", "depends on (dvc_add): " + vc.dependencies.join(", ")));
  if (vc.presented) {
    var sheet = add(box, el("div", "sheet"));
    add(sheet, el("div", "sheet-label", "presented (" + vc.presentationStyle + ") over " + titleOf(vc)));
    add(sheet, drawController(vc.presented, marksFor));
  }
  return box;
}

function phone(label, body) {
  var p = el("div", "phone");
  add(p, el("div", "phone-label", label));
  add(add(p, el("div", "screen")), body);
  return p;
}

function drawScreens(screens, marksFor) {
  var box = el("div", "screens");
  screens.windows.forEach(function (w) {
    add(box, phone(w.title, w.root ? drawController(w.root, marksFor) : el("div", "placeholder", "no root view controller")));
  });
  screens.controllers.forEach(function (vc) { add(box, phone("not in a window: " + titleOf(vc), drawController(vc, marksFor))); });
  screens.views.forEach(function (v) { add(box, phone("view \u201c" + v.name + "\u201d (no view controller)", drawView(v, marksFor(v.id)))); });
  if (!box.childNodes.length) add(box, el("p", "placeholder", "No screen at this step: the script has made no window, view controller with a view, or table or collection view yet."));
  return box;
}

function drawModels(models) {
  var frag = document.createDocumentFragment();
  var d = add(frag, el("details", "frcs"));
  add(d, el("summary", "", "Fetched-results controllers (" + models.fetchedResultsControllers.length + ")"));
  models.fetchedResultsControllers.forEach(function (f) {
    add(d, el("h4", "", f.name + " \u2014 " + f.entity + " in " + f.context + (f.sectionNameKeyPath ? ", sections by " + f.sectionNameKeyPath : "") +
      (f.delegate ? ", delegate: " + f.delegate : ", no delegate")));
    if (!f.sections) { add(d, el("p", "note", "not fetched yet (performFetch was not called)")); return; }
    var ul = add(d, el("ul"));
    f.sections.forEach(function (s) {
      add(ul, el("li", "", (s.name === "" ? "(unnamed section)" : s.name) + " (" + s.count + "): " + s.objects.join(", ") + (s.count > s.objects.length ? ", \u2026" : "")));
    });
  });
  var c = add(frag, el("details", "contexts"));
  add(c, el("summary", "", "Objects in the contexts (" + models.contexts.map(function (x) { return x.name + ": " + x.count; }).join(", ") + ")"));
  models.contexts.forEach(function (ctx) {
    add(c, el("h4", "", ctx.name + " \u2014 " + ctx.count + (ctx.count === 1 ? " object" : " objects") + (ctx.count > ctx.objects.length ? " (first " + ctx.objects.length + " listed)" : "")));
    var table = add(c, el("table", "objects")), head = add(table, el("tr"));
    ["object", "state", "values"].forEach(function (h) { add(head, el("th", "", h)); });
    ctx.objects.forEach(function (o) {
      var tr = add(table, el("tr"));
      o.forEach(function (cell) { add(tr, el("td", "", cell)); });
    });
  });
  return frag;
}

function render(i) {
  var s = steps[i];
  detail.textContent = "";
  var nav = add(detail, el("div", "nav-buttons"));
  var prev = add(nav, el("button", "", "\u2190 previous")), next = add(nav, el("button", "", "next \u2192"));
  prev.type = next.type = "button";
  prev.disabled = i === 0; next.disabled = i === steps.length - 1;
  prev.addEventListener("click", function () { select(i - 1, true); });
  next.addEventListener("click", function () { select(i + 1, true); });
  add(detail, el("h2", "", "Step " + (i + 1) + " of " + steps.length + " \u2014 " + s.kind + ": " + s.label));
  var facts = [];
  if (s.location) facts.push("at " + s.location);
  if (s.scenario) facts.push("scenario: " + s.scenario);
  if (s.merged) facts.push(s.merged + " later steps merged into this one (a report keeps " + data.stepLimit + " steps)");
  if (facts.length) add(detail, el("p", "note", facts.join(" \u00b7 ")));
  if (s.error) {
    var err = add(detail, el("div", "error"));
    err.setAttribute("role", "alert");
    add(err, el("strong", "", "\u2716 This step failed. The screens below are as they were when it failed."));
    add(err, el("pre", "", s.error));
  }
  var t = add(detail, el("details", "trace-box"));
  t.open = true;
  add(t, el("summary", "", "Trace of this step (" + s.lines.length + (s.lines.length === 1 ? " line" : " lines") + (s.droppedLines ? ", " + s.droppedLines + " more not kept" : "") + ")"));
  if (s.lines.length) {
    var ol = add(t, el("ol", "trace"));
    s.lines.forEach(function (line) { add(ol, el("li", "", line)); });
  } else add(t, el("p", "note", "no notification in this step"));
  var screens = data.screens[s.screens];
  var byView = {};
  s.batches.forEach(function (b) { (byView[b.view] = byView[b.view] || []).push(b); });
  if (s.batches.length) {
    add(detail, el("h3", "", "Batch updates of this step (" + s.batches.length + ")"));
    s.batches.forEach(function (b, k) {
      var laterSame = null;
      for (var j = k + 1; j < s.batches.length; j++) if (s.batches[j].view === b.view) { laterSame = s.batches[j]; break; }
      var after = laterSame ? laterSame.before : findView(screens, b.view);
      add(detail, el("p", "", "\u201c" + b.name + "\u201d performBatchUpdates " + b.ops.text));
      var pair = add(detail, el("div", "pair"));
      var left = add(pair, el("div", "before"));
      add(left, el("h4", "", "Before"));
      add(left, phone("before the batch", drawView(b.before, marksOf([b], "before"))));
      var right = add(pair, el("div", "after"));
      add(right, el("h4", "", "After"));
      add(right, phone("after the batch", after ? drawView(after, marksOf([b], "after")) : el("div", "placeholder", "the view is gone")));
    });
  }
  add(detail, el("h3", "", s.error ? "Screens when the step failed" : "Screens after this step"));
  add(detail, drawScreens(screens, function (id) { return byView[id] ? marksOf(byView[id], "after") : null; }));
  add(detail, drawModels(data.models[s.models]));
}

function select(i, user) {
  if (i < 0 || i >= steps.length || i === current) return;
  if (current >= 0) { items[current].classList.remove("selected"); items[current].firstChild.removeAttribute("aria-current"); }
  current = i;
  items[i].classList.add("selected");
  items[i].firstChild.setAttribute("aria-current", "step");
  // Scroll the timeline only (scrollIntoView would scroll the page too).
  var box = document.getElementById("timeline"), r = items[i].getBoundingClientRect(), n = box.getBoundingClientRect();
  if (r.top < n.top) box.scrollTop += r.top - n.top; else if (r.bottom > n.bottom) box.scrollTop += r.bottom - n.bottom;
  if (user && history.replaceState) history.replaceState(null, "", "#step-" + (i + 1));
  render(i);
}

document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName))) return;
  var k = e.key;
  if (k === "ArrowRight" || k === "j") select(current + 1, true);
  else if (k === "ArrowLeft" || k === "k") select(current - 1, true);
  else if (k === "Home") select(0, true);
  else if (k === "End") select(steps.length - 1, true);
  else if (k === "f") {
    for (var j = 1; j <= steps.length; j++) { var n = (current + j) % steps.length; if (steps[n].error) { select(n, true); break; } }
  } else return;
  e.preventDefault();
});

var start = -1, m = /^#step-(\d+)$/.exec(location.hash);
if (m) start = Math.min(parseInt(m[1], 10), steps.length) - 1;
if (start < 0) for (var f = 0; f < steps.length; f++) if (steps[f].error) { start = f; break; }
if (start < 0) start = steps.length - 1;
if (steps.length) select(start, false); else detail.textContent = "The script recorded no step.";
})();
"""#
}
