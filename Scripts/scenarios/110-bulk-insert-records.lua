-- ctx:insert(entity, values) reads a plain values table in C (the record fast path of issue 13) and falls
-- back to the general path for anything else. Both must insert the same object, apply keys in the same
-- (sorted) order, report the same errors and leave the context unchanged on error.
local long = "aVeryLongAttributeNameThatLuaDoesNotInternBecauseItIsLong"  -- > 40 bytes: the general path
local model = ripple.model {
  Item = { id = "integer", name = "string", score = "double", flag = "boolean?", age = "integer?",
           [long] = "integer?", owner = { toOne = "Owner", inverse = "items", optional = true } },
  Owner = { name = "string", items = { toMany = "Item", inverse = "owner" } },
  Tagged = { name = "string", initial = { derived = function(t) return t.name:sub(1, 1) end, dependsOn = { "name" } } },
}
local ctx = ripple.container(model).viewContext

scenario("a plain record inserts every type, converted as setValue converts it", function()
  local a = ctx:insert("Item", { id = 1, name = "x", score = 2, flag = true, age = 3 })
  expect(a.id):toBe(1)
  expect(a.name):toBe("x")
  expect(a.score):toBe(2.0)
  expect(math.type(a.score)):toBe("float")
  expect(a.flag):toBe(true)
  expect(a.age):toBe(3)
  expect(a.isInserted):toBe(true)
  ctx:rollback()
end)

scenario("the first bad value in key order is the one reported, and nothing is inserted", function()
  expect(function() ctx:insert("Item", { name = 5, id = "one", score = 1.0 }) end)
    :toRaise('Unacceptable type of value for attribute: property = "id"; desired type = NSNumber; given type = __NSCFString; value = "one".')
  expect(function() ctx:insert("Item", { id = 1.5, name = "x", score = 1.0 }) end)
    :toRaise('desired type = NSNumber; given type = __NSCFNumber; value = 1.5.')
  expect(ctx.insertedObjects):toEqual({})
  expect(ctx.hasChanges):toBe(false)
end)

scenario("keys the record path does not take go through the general path with the same result", function()
  local owner = ctx:insert("Owner", { name = "O" })
  local b = ctx:insert("Item", { id = 2, name = "y", score = 1.5, owner = owner, [long] = 7 })
  expect(b.owner):toBe(owner)
  expect(b[long]):toBe(7)
  expect(function() ctx:insert("Item", { id = 3, name = "z", score = 1.0, nickname = "n" }) end)
    :toRaise('the entity Item is not key value coding-compliant for the key "nickname".')
  expect(function() ctx:insert("Item", { id = 3, name = "z", score = 1.0, [1] = 2 }) end)
    :toRaise("property name must be a string, got number")
  expect(function() ctx:insert("Tagged", { name = "Ann", initial = "B" }) end)
    :toRaise('the entity Tagged is not key value coding-compliant for the key "initial" (derived properties are read-only).')
  local t = ctx:insert("Tagged", { name = "Ann" })
  ctx:processPendingChanges()
  expect(t.initial):toBe("A")
  expect(#ctx.insertedObjects):toBe(3)
  ctx:rollback()
end)

scenario("records inserted in bulk are announced and saved like any insert", function()
  local notes = {}
  local token = ripple.observe(ctx, "objectsDidChange", function(note) notes[#notes + 1] = #note.inserted end)
  for i = 1, 100 do ctx:insert("Item", { id = i, name = "n" .. i, score = i / 2 }) end
  ctx:save()
  token:cancel()
  expect(notes):toEqual({ 100 })
  local items = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }
  expect(#items):toBe(100)
  expect(items[100].name):toBe("n100")
  expect(items[100].objectID.isTemporaryID):toBe(false)
end)

scenario("a write after a key-value observer was added reaches the observer (the fast write path)", function()
  local item = ctx:fetch { entity = "Item", sortDescriptors = { "id" } }[1]
  item.score = 10   -- recorded by the fast write path
  item.score = 11   -- repeated write: no bookkeeping
  local seen = {}
  local token = ripple.observe(item, "score", function(change) seen[#seen + 1] = change.new end)
  item.score = 12   -- the observer is new: the general path must tell it
  ctx:processPendingChanges()
  token:cancel()
  expect(seen):toEqual({ 12 })
  ctx:rollback()
  expect(item.score):toBe(0.5)
end)
