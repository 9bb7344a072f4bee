-- The undo manager: nil by default; one group per event; undo and redo are changes like any other
-- (objectsDidChange, fetched-results callbacks, derived values, KVO).
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" },
               orderCount = { derived = "orders.@count" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext

scenario("contexts have no undo manager unless given one", function()
  expect(ctx.undoManager):toBeNil()
  ctx:undo()   -- nothing to do, as in Core Data
  local undo = ripple.undoManager()
  expect(undo.canUndo):toBe(false)
  expect(undo.groupsByEvent):toBe(true)
  expect(function() undo:undo() end):toRaise("-[NSUndoManager undo]: there is nothing to undo.")
  expect(function() ctx.undoManager = {} end):toRaise("undoManager must be an UndoManager (ripple.undoManager()) or nil, got table")
end)

local undo = ripple.undoManager()
ctx.undoManager = undo
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:insert("Order", { total = 1, customer = ann })
ctx:insert("Order", { total = 2, customer = ann })
ctx:save()
undo:removeAllActions()
local frc = ripple.fetchedResultsController { context = ctx, entity = "Order", sortDescriptors = { "total" }, name = "Orders" }
frc.delegate = { didChangeObject = function() end }
frc:performFetch()

scenario("undo after a cascade delete brings the whole graph back; the FRC reports the inserts", function()
  ctx:delete(ann)
  undo:setActionName("Delete Customer")
  ripple.tick()
  expect(#frc.fetchedObjects):toBe(0)
  expect(undo.canUndo):toBe(true)
  expect(undo.undoActionName):toBe("Delete Customer")
  ripple.clearEvents()
  undo:undo()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange inserted: Customer#1, Order#1, Order#2",
    "[frc Orders] didChangeObject Order#1 insert -> [0, 0]",
    "[frc Orders] didChangeObject Order#2 insert -> [0, 1]",
  })
  expect(ann.isDeleted):toBe(false)
  expect(#ann.orders):toBe(2)
  expect(ann.orderCount):toBe(2)
  expect(frc.fetchedObjects[1].customer):toBe(ann)
  expect(undo.canRedo):toBe(true)
  expect(undo.redoActionName):toBe("Delete Customer")
end)

scenario("redo deletes again; a new change clears the redo stack", function()
  ripple.clearEvents()
  undo:redo()
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange deleted: Customer#1, Order#1, Order#2")
  expect(ann.isDeleted):toBe(true)
  undo:undo()
  expect(undo.canRedo):toBe(true)
  ann.name = "Anna"
  ripple.tick()
  expect(undo.canRedo):toBe(false)
end)

scenario("undoing an edit restores the old value, with KVO and changed keys", function()
  local seen = {}
  ripple.observe(ann, "name", function(change) seen[#seen + 1] = tostring(change.old) .. "->" .. tostring(change.new) end)
  ripple.clearEvents()
  ctx:undo()
  expect(ann.name):toBe("Ann")
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange updated: Customer#1 {name}")
  expect(seen):toEqual({ "Anna->Ann" })
  ctx:redo()
  expect(ann.name):toBe("Anna")
end)

scenario("one group per event: the current event's changes are closed before an undo", function()
  local first = ctx:insert("Order", { total = 3, customer = ann })
  ripple.tick()
  first.total = 4
  local second = ctx:insert("Order", { total = 5, customer = ann })
  undo:undo()   -- undoes the open event: total back to 3, the second order gone
  expect(first.total):toBe(3)
  expect(second.isDeleted):toBe(true)
  undo:undo()   -- then the event that inserted the first order
  expect(first.isDeleted):toBe(true)
  expect(ann.orderCount):toBe(2)
end)

scenario("disabling registration, removeAllActions, rollback and reset clear or skip groups", function()
  undo:disableUndoRegistration()
  expect(undo.isUndoRegistrationEnabled):toBe(false)
  ann.name = "Not recorded"
  ripple.tick()
  undo:enableUndoRegistration()
  expect(function() undo:enableUndoRegistration() end):toRaise("-[NSUndoManager enableUndoRegistration]: Unbalanced call")
  undo:removeAllActions()
  expect(undo.canUndo):toBe(false)
  ann.name = "Recorded"
  ripple.tick()
  expect(undo.canUndo):toBe(true)
  ctx:rollback()
  expect(undo.canUndo):toBe(false)
  expect(function() return undo.levels end):toRaise(
    '[<UndoManager> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "levels".')
end)

scenario("undo after the deletion was saved re-inserts the graph; the next save writes it back", function()
  local container = ripple.container(model)
  local c = container.viewContext
  c.undoManager = ripple.undoManager()
  local di = c:insert("Customer", { name = "Di" })
  c:insert("Order", { total = 7, customer = di })
  c:save()
  c.undoManager:removeAllActions()
  c:delete(di)
  c:save()
  expect(di.managedObjectContext):toBeNil()
  c:undo()
  expect(di.isInserted):toBe(true)
  expect(di.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000002/Customer/p1")
  expect(#di.orders):toBe(1)
  c:save()
  local reader = container:newBackgroundContext()
  expect(reader:performAndWait(function()
    local again = reader:fetch { entity = "Customer" }[1]
    return again.name .. " " .. #again.orders
  end)):toBe("Di 1")
end)
