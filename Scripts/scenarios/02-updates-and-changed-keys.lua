-- Updates: changed keys (sorted) and old values, coalesced per event; changedValues / committedValues.
local model = ripple.model {
  Customer = { name = "string", city = "string?", age = "integer?" },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann", city = "Oslo" })
ctx:save()
ripple.clearEvents()

local last
ripple.observe(ctx, "objectsDidChange", function(note) last = note end)

scenario("several writes in one event give one update with every changed key and the first old value", function()
  ann.name = "Anna"
  ann.name = "Annie"
  ann.age = 30
  ctx:processPendingChanges()
  expect(last.updated):toEqual({ ann })
  expect(last.changedKeys[ann]):toEqual({ "age", "name" })
  expect(last.oldValues[ann].name):toBe("Ann")
  expect(last.oldValues[ann].age):toBeNil()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange updated: Customer#1 {age, name}" })
end)

scenario("changedValues compares with the last save; committedValues returns it", function()
  expect(ann:changedValues()):toEqual({ name = "Annie", age = 30 })
  expect(ann:committedValues({ "name", "city" })):toEqual({ name = "Ann", city = "Oslo" })
  expect(ann.isUpdated):toBe(true)
end)

scenario("writing the same value still marks the object updated, as Core Data does", function()
  ctx:save()
  ann.city = "Oslo"
  expect(ann.isUpdated):toBe(true)
  expect(ann:changedValues()):toEqual({})
  ctx:processPendingChanges()
  expect(last.changedKeys[ann]):toEqual({ "city" })
end)
