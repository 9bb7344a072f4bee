-- Notifications carry the context's change records by property slot; the `changedKeys` and `oldValues`
-- tables an observer reads are made from them when the note is read. A fetched-results controller reads
-- the records directly: an update that changes none of the keys it sorts, sections or filters on is an
-- update at the same index path (no predicate evaluated, no key read), one that changes only a sort key
-- re-reads that key alone, and anything touching the section or the predicate is evaluated in full. Each
-- case is checked against a fresh fetch (and, as every scenario, in invariant mode).
local model = ripple.model {
  Item = { group = "integer", score = "double", label = "string?", shown = "boolean" },
}
local ctx = ripple.container(model).viewContext

local items = {}
for i = 1, 12 do
  items[i] = ctx:insert("Item", { group = i % 3, score = i, label = "item " .. i, shown = i % 4 ~= 0 })
end
ctx:save()

local sorts = { "group", "score" }
local function fresh()
  local out = {}
  for i, o in ipairs(ctx:fetch { entity = "Item", predicate = "shown == YES", sortDescriptors = sorts }) do
    out[i] = tostring(o)
  end
  return out
end
local function shown(frc)
  local out = {}
  for i, o in ipairs(frc.fetchedObjects) do out[i] = tostring(o) end
  return out
end

local log = {}
local frc = ripple.fetchedResultsController {
  context = ctx, entity = "Item", sortDescriptors = sorts, sectionNameKeyPath = "group",
  predicate = "shown == YES", name = "Shown",
}
frc.delegate = {
  didChangeSection = function(c, info, index, kind) log[#log + 1] = kind .. " section " .. info.name end,
  didChangeObject = function(c, o, from, kind, to)
    log[#log + 1] = string.format("%s %s %s -> %s", tostring(o), kind, tostring(from), tostring(to))
  end,
}
frc:performFetch()

local notes = {}
local token = ripple.observe(ctx, "objectsDidChange", function(note) notes[#notes + 1] = note end)
local saves = {}
local saveToken = ripple.observe(ctx, "didSave", function(note) saves[#saves + 1] = note end)
local function reset()
  for i = #log, 1, -1 do log[i] = nil end
  for i = #notes, 1, -1 do notes[i] = nil end
  for i = #saves, 1, -1 do saves[i] = nil end
end

scenario("a change to a key the controller does not watch is an update in place, with its keys and old values", function()
  reset()
  local o = items[1]
  local at = tostring(frc:indexPathForObject(o))
  o.label = "renamed"
  o.label = "renamed again"             -- the first old value is the one kept
  ctx:processPendingChanges()
  expect(log):toEqual({ tostring(o) .. " update " .. at .. " -> " .. at })
  expect(#notes):toBe(1)
  expect(notes[1].changedKeys[o]):toEqual({ "label" })
  expect(notes[1].oldValues[o]):toEqual({ label = "item 1" })
  expect(shown(frc)):toEqual(fresh())
end)

scenario("several keys of one object: the note's keys sorted, each old value once", function()
  reset()
  local o = items[2]
  o.score = 2.5
  o.label = "two"
  o.score = 2.75
  ctx:processPendingChanges()
  expect(notes[1].changedKeys[o]):toEqual({ "label", "score" })
  expect(notes[1].oldValues[o]):toEqual({ label = "item 2", score = 2 })
  expect(shown(frc)):toEqual(fresh())
end)

scenario("a sort key moves the object inside its section; the section key moves it across", function()
  reset()
  local o = items[3]                    -- group 0
  o.score = 100
  ctx:processPendingChanges()
  expect(#log):toBe(1)
  expect(log[1]:find(" move ", 1, true) ~= nil):toBe(true)
  expect(shown(frc)):toEqual(fresh())
  reset()
  o.group = 1
  ctx:processPendingChanges()
  expect(shown(frc)):toEqual(fresh())
  expect(tostring(frc:objectAtIndexPath(frc:indexPathForObject(o)))):toBe(tostring(o))
end)

scenario("a predicate key takes the object out and brings it back", function()
  reset()
  local o = items[5]
  local at = tostring(frc:indexPathForObject(o))
  o.shown = false
  ctx:processPendingChanges()
  expect(log):toEqual({ tostring(o) .. " delete " .. at .. " -> nil" })
  expect(frc:indexPathForObject(o)):toBe(nil)
  reset()
  o.label = "hidden"                    -- not in the results: nothing to report
  ctx:processPendingChanges()
  expect(log):toEqual({})
  o.shown = true
  ctx:processPendingChanges()
  expect(log):toEqual({ tostring(o) .. " insert nil -> " .. at })
  expect(shown(frc)):toEqual(fresh())
end)

scenario("didSave carries the saved keys with their committed values; a rollback's note its restored keys", function()
  reset()
  ctx:save()
  reset()
  local o = items[6]
  o.label = "saved"
  o.score = 60
  ctx:save()
  expect(#saves):toBe(1)
  expect(saves[1].changedKeys[o]):toEqual({ "label", "score" })
  expect(saves[1].oldValues[o]):toEqual({ label = "item 6", score = 6 })
  reset()
  o.label = "unsaved"
  ctx:processPendingChanges()
  ctx:rollback()
  expect(o.label):toBe("saved")
  expect(notes[#notes].changedKeys[o]):toEqual({ "label" })
  expect(notes[#notes].oldValues[o]):toEqual({ label = "unsaved" })
  expect(shown(frc)):toEqual(fresh())
end)

scenario("undo restores the old values and the controller follows", function()
  reset()
  local undo = ripple.undoManager()
  ctx.undoManager = undo
  local o = items[7]
  o.label = "before undo"
  o.score = 0.5
  ctx:processPendingChanges()
  ctx:undo()
  ctx:processPendingChanges()
  expect(o.label):toBe("item 7")
  expect(o.score):toBe(7)
  expect(notes[#notes].changedKeys[o]):toEqual({ "label", "score" })
  expect(shown(frc)):toEqual(fresh())
  ctx.undoManager = nil
end)

token:cancel()
saveToken:cancel()
