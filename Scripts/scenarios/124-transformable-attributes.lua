-- Transformable attributes: values kept as given in memory, transformed when a context saves to its store and
-- back on the first read after a load; every failure leaves context and store as they were.
local calls = {}
local function list(t)
  local out = {}
  for _, v in ipairs(t) do out[#out + 1] = tostring(v) end
  return out
end
ripple.setValueTransformer("ListTransformer", {
  transformedValue = function(value)
    calls[#calls + 1] = "to"
    if value.fail then error("cannot transform") end
    if value.number then return 7 end
    return table.concat(list(value), ",")
  end,
  reverseTransformedValue = function(bytes)
    calls[#calls + 1] = "from"
    if bytes == "bad" then error("cannot read back") end
    local out = {}
    for piece in bytes:gmatch("[^,]+") do out[#out + 1] = piece end
    return out
  end,
})
local model = ripple.model {
  Note = {
    title = "string",
    tags = { "transformable?", valueTransformerName = "ListTransformer" },
    blob = "transformable?",
    other = { "transformable?", valueTransformerName = "Missing" },
  },
}
local path = ripple.temporaryPath("transformable.sqlite")
local container = ripple.container(model, { store = "sqlite", path = path })
local ctx = container.viewContext

scenario("a child context saving into its parent transforms nothing; the parent's save does", function()
  calls = {}
  local child = container:newBackgroundContext()
  child:performAndWait(function()
    child:insert("Note", { title = "a", tags = { "x", "y" }, blob = "\0\1\255" })
    child:save()
  end)
  expect(calls):toEqual({ "to" })      -- a background context saves to the store
  local loaded = ctx:fetch { entity = "Note" }[1]
  expect(loaded.tags):toEqual({ "x", "y" })
  expect(loaded.blob):toBe("\0\1\255")
  expect(calls):toEqual({ "to", "from" })
end)

scenario("a raising transformer fails the save with its file:line; nothing is written", function()
  calls = {}
  local note = ctx:insert("Note", { title = "b", tags = { fail = true } })
  local ok, err = pcall(ctx.save, ctx)
  expect(ok):toBe(false)
  expect(err):toContain("124-transformable-attributes.lua:12: cannot transform")
  expect(note.isInserted):toBe(true)
  local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
  expect(fresh:count { entity = "Note" }):toBe(1)
  note.tags = { number = true }
  expect(function() ctx:save() end):toRaise(
    "transformedValue of the value transformer 'ListTransformer' returned a number, not a string (attribute 'tags' on entity 'Note'); nothing was saved")
  note.tags = { "ok" }
  ctx:save()
  expect(note.isInserted):toBe(false)
end)

scenario("no registered transformer: Core Data's words at save and at read, the value left as it was", function()
  local note = ctx:insert("Note", { title = "c", other = { 1 } })
  expect(function() ctx:save() end):toRaise(
    "no NSValueTransformer with class name 'Missing' was found for attribute 'other' on entity 'Note' (register it with ripple.setValueTransformer)")
  ctx:delete(note)
  ctx:save()
  ripple.setValueTransformer("Missing", { transformedValue = function(v) return "stored" end,
                                          reverseTransformedValue = function(b) return b end })
  local kept = ctx:insert("Note", { title = "d", other = { 1 } })
  ctx:save()
  ripple.setValueTransformer("Missing", nil)
  local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local loaded = fresh:fetch { entity = "Note", predicate = "title == 'd'" }[1]
  expect(function() return loaded.other end):toRaise("no NSValueTransformer with class name 'Missing'")
  expect(loaded.hasChanges):toBe(false)
  expect(kept.other):toEqual({ 1 })
end)

scenario("a reverse transformer that raises fails the read at its line; a later read tries again", function()
  local note = ctx:insert("Note", { title = "e", tags = { "bad" } })
  ctx:save()
  local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local loaded = fresh:fetch { entity = "Note", predicate = "title == 'e'" }[1]
  expect(function() return loaded.tags end):toRaise("124-transformable-attributes.lua:18: cannot read back")
  expect(function() return loaded.tags end):toRaise("cannot read back")
  expect(loaded.hasChanges):toBe(false)
  expect(note.tags):toEqual({ "bad" })
end)

scenario("without a transformer name only strings are stored", function()
  local note = ctx:insert("Note", { title = "f", blob = { 1, 2 } })
  expect(function() ctx:save() end):toRaise(
    "attribute 'blob' on entity 'Note' is transformable without a valueTransformerName, so it stores strings only, got a table")
  ctx:rollback()
  expect(note.isDeleted or not note.isInserted):toBe(true)
end)

scenario("bad specs and registrations are refused", function()
  expect(function() ripple.model { X = { a = { "string", valueTransformerName = "T" } } } end):toRaise(
    "entity X, key a: 'valueTransformerName' is for transformable attributes, not string")
  expect(function() ripple.setValueTransformer("T", { transformedValue = function() end }) end):toRaise(
    "ripple.setValueTransformer: 'reverseTransformedValue' of the value transformer 'T' must be a function, got nil")
  expect(function() ripple.setValueTransformer("T", { transformedValue = print, reverseTransformedValue = print, extra = 1 }) end)
    :toRaise("unknown key 'extra'")
  expect(function()
    ctx:execute(ripple.batchInsertRequest { entity = "Note", objects = { { title = "g", tags = "x" } } })
  end):toRaise("A batch request cannot set the transformable attribute 'tags' of Note: value transformers run only when a context saves.")
  expect(ctx:count { entity = "Note", predicate = "title == 'g'" }):toBe(0)
end)

scenario("merging by property compares a transformable value as its stored bytes", function()
  local store = ripple.temporaryPath("transformable-merge.sqlite")
  local c = ripple.container(model, { store = "sqlite", path = store })
  local first, second = c.viewContext, c:newBackgroundContext()
  local note = first:insert("Note", { title = "m", tags = { "x" } })
  first:save()
  expect(note.tags):toEqual({ "x" })               -- read since its load: a box in memory
  second:performAndWait(function()
    local theirs = second:fetch { entity = "Note", predicate = "title == 'm'" }[1]
    theirs.title = "theirs"                         -- the store changes the title only
    second:save()
  end)
  first.mergePolicy = "mergeByPropertyStoreTrump"
  note.tags = { "mine" }
  first:save()
  local again = ripple.container(model, { store = "sqlite", path = store }).viewContext
  local saved = again:fetch { entity = "Note" }[1]
  expect(saved.title):toBe("theirs")
  expect(saved.tags):toEqual({ "mine" })            -- not overwritten by the store's unchanged bytes
end)
