-- obj:changedValuesForCurrentEvent(): the persistent keys changed since the last objectsDidChange, with
-- their values before the event (Apple: "(old) values"); obj.hasPersistentChangedValues: a persistent
-- attribute or relationship differs from its last saved value.
local model = ripple.model {
  Customer = { name = "string", city = "string?", draft = { "string?", transient = true },
               orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann", city = "Paris" })
local order = ctx:insert("Order", { total = 1 })
ctx:save()

scenario("old values of the current event only; the event's end starts afresh", function()
  expect(ann:changedValuesForCurrentEvent()):toEqual({})
  expect(ann.hasPersistentChangedValues):toBe(false)
  ann.name = "Anna"
  ann.name = "Annie"                        -- the value before the event is kept
  ann.city = "Lyon"
  ann.draft = "x"                           -- transient: not reported
  expect(ann:changedValuesForCurrentEvent()):toEqual({ name = "Ann", city = "Paris" })
  expect(ann.hasPersistentChangedValues):toBe(true)
  ripple.tick()                             -- objectsDidChange: a new event begins
  expect(ann:changedValuesForCurrentEvent()):toEqual({})
  expect(ann:changedValues()):toEqual({ name = "Annie", city = "Lyon" })
  ann.city = "Nice"
  expect(ann:changedValuesForCurrentEvent()):toEqual({ city = "Lyon" })
  ann.city = "Lyon"                         -- back to the event's starting value: left out
  expect(ann:changedValuesForCurrentEvent()):toEqual({})
  ctx:rollback()
  expect(ann.hasPersistentChangedValues):toBe(false)
end)

scenario("relationships: the members or destination before the event", function()
  order.customer = ann
  local before = order:changedValuesForCurrentEvent()
  expect(next(before)):toBeNil()            -- the old destination was nil: the key has no Lua value
  expect(#ann:changedValuesForCurrentEvent().orders):toBe(0)
  expect(ann.hasPersistentChangedValues):toBe(true)
  ctx:save()
  expect(ann.hasPersistentChangedValues):toBe(false)
  order.customer = nil
  expect(order:changedValuesForCurrentEvent().customer):toBe(ann)
  expect(ann:changedValuesForCurrentEvent().orders[1]):toBe(order)
  ctx:rollback()
end)

scenario("only a transient attribute changed: hasChanges but no persistent changed values", function()
  ann.draft = "notes"
  expect(ann.hasChanges):toBe(true)
  expect(ann.hasPersistentChangedValues):toBe(false)
  ctx:rollback()
end)
