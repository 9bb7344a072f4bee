-- Undo groups as NSUndoManager makes them: explicit begin/end groups (nested ones fold into the outermost),
-- groupsByEvent = false, levelsOfUndo, removeAllActions re-enabling registration, and Foundation's
-- NSInternalInconsistencyException reasons for unbalanced groups.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer", deleteRule = "cascade" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}

local function setup()
  local ctx = ripple.container(model).viewContext
  local undo = ripple.undoManager()
  ctx.undoManager = undo
  local ann = ctx:insert("Customer", { name = "Ann" })
  ctx:save()
  undo:removeAllActions()
  return ctx, undo, ann
end

scenario("an explicit group gathers several events into one undo; begin and end process pending changes", function()
  local ctx, undo, ann = setup()
  expect(undo.groupingLevel):toBe(0)
  ann.name = "Before"                 -- pending: the begin's checkpoint makes it its own group
  undo:beginUndoGrouping()
  expect(undo.groupingLevel):toBe(2)  -- the event's group and the explicit one, as Foundation counts them
  ann.name = "Anna"
  ripple.tick()
  ctx:insert("Order", { total = 1, customer = ann })
  undo:setActionName("Edit Ann")
  undo:endUndoGrouping()              -- the insertion is processed into the group first
  expect(undo.groupingLevel):toBe(0)
  expect(undo.undoActionName):toBe("Edit Ann")
  ripple.clearEvents()
  undo:undo()
  expect(ripple.events()):toEqual({
    "[viewContext] objectsDidChange updated: Customer#1 {orders}; deleted: Order#1",
    "[viewContext] objectsDidChange updated: Customer#1 {name}",
  })
  expect(ann.name):toBe("Before")
  expect(#ann.orders):toBe(0)
  expect(undo.redoActionName):toBe("Edit Ann")
  undo:undo()
  expect(ann.name):toBe("Ann")
  undo:redo()
  undo:redo()
  expect(ann.name .. " " .. #ann.orders):toBe("Anna 1")
end)

scenario("nested groups are part of the outermost group", function()
  local ctx, undo, ann = setup()
  undo:beginUndoGrouping()
  ann.name = "One"
  undo:beginUndoGrouping()
  expect(undo.groupingLevel):toBe(3)
  ann.name = "Two"
  undo:endUndoGrouping()
  ctx:insert("Order", { total = 2, customer = ann })
  undo:endUndoGrouping()
  undo:undo()
  expect(ann.name):toBe("Ann")
  expect(#ann.orders):toBe(0)
  expect(undo.canUndo):toBe(false)
end)

scenario("groupsByEvent = false: only explicit groups record; a change outside one is refused after it is announced", function()
  local ctx, undo, ann = setup()
  undo.groupsByEvent = false
  expect(undo.groupsByEvent):toBe(false)
  undo:beginUndoGrouping()
  expect(undo.groupingLevel):toBe(1)
  ann.name = "A1"
  ripple.tick()
  ann.name = "A2"
  ripple.tick()
  undo:endUndoGrouping()
  ripple.clearEvents()
  ann.name = "Outside"
  expect(function() ripple.tick() end):toRaise(
    "_registerUndoObject: NSUndoManager is in invalid state, must begin a group before registering undo")
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange updated: Customer#1 {name}" })
  expect(ctx.hasChanges):toBe(true)
  undo:undo()                          -- the one explicit group: both events
  expect(ann.name):toBe("Ann")
  expect(undo.canUndo):toBe(false)
end)

scenario("a group left open at the end of an event stays open: undo refuses until it is closed", function()
  local ctx, undo, ann = setup()
  undo.groupsByEvent = false
  undo:beginUndoGrouping()
  ann.name = "Open"
  ripple.tick()
  ripple.tick()
  expect(undo.groupingLevel):toBe(1)
  expect(function() undo:undo() end):toRaise(
    "undo: NSUndoManager is in invalid state, undo was called with too many nested undo groups")
  expect(ann.name):toBe("Open")
  undo:endUndoGrouping()
  undo:undo()
  expect(ann.name):toBe("Ann")
end)

scenario("endUndoGrouping without a begin fails in Foundation's words and changes nothing", function()
  local ctx, undo, ann = setup()
  ann.name = "Kept"
  expect(function() undo:endUndoGrouping() end):toRaise(
    "endUndoGrouping: NSUndoManager is in invalid state, endUndoGrouping called with no matching begin")
  expect(undo.groupingLevel):toBe(0)
  expect(ann.name):toBe("Kept")
  undo:undo()                          -- the change was processed by the checkpoint and is its own group
  expect(ann.name):toBe("Ann")
  expect(function() undo.levelsOfUndo = -1 end):toRaise("levelsOfUndo must be 0 or more, got -1")
  expect(function() undo.groupsByEvent = "no" end):toRaise("bad value for property 'groupsByEvent'")
end)

scenario("levelsOfUndo keeps the newest groups", function()
  local ctx, undo, ann = setup()
  expect(undo.levelsOfUndo):toBe(0)
  for i = 1, 4 do
    ann.name = "N" .. i
    ripple.tick()
  end
  undo.levelsOfUndo = 2                -- lowering it drops the oldest at once
  undo:undo()
  undo:undo()
  expect(ann.name):toBe("N2")
  expect(undo.canUndo):toBe(false)
  ann.name = "M1"; ripple.tick()
  ann.name = "M2"; ripple.tick()
  ann.name = "M3"; ripple.tick()
  undo:undo(); undo:undo()
  expect(ann.name):toBe("M1")
  expect(undo.canUndo):toBe(false)
end)

scenario("removeAllActions clears the stacks, closes open groups and re-enables registration", function()
  local ctx, undo, ann = setup()
  undo:disableUndoRegistration()
  undo:disableUndoRegistration()
  undo:beginUndoGrouping()             -- ignored while registration is disabled, as in Foundation
  expect(undo.groupingLevel):toBe(0)
  undo:removeAllActions()
  expect(undo.isUndoRegistrationEnabled):toBe(true)
  undo:beginUndoGrouping()
  undo:removeAllActions()
  expect(undo.groupingLevel):toBe(0)
  ann.name = "Recorded"
  ripple.tick()
  undo:undo()
  expect(ann.name):toBe("Ann")
end)

scenario("a private-queue context's changes are processed on its own queue at the checkpoints", function()
  local container = ripple.container(model)
  local bg = container:newBackgroundContext()
  local undo = ripple.undoManager()
  local cy
  bg:performAndWait(function()
    bg.undoManager = undo
    cy = bg:insert("Customer", { name = "Cy" })
    bg:save()
    undo:removeAllActions()
  end)
  undo:beginUndoGrouping()
  bg:performAndWait(function() cy.name = "Cyd" end)
  undo:endUndoGrouping()              -- processes bg's pending change inside bg's queue, into the group
  expect(undo.canUndo):toBe(true)
  bg:performAndWait(function()
    undo:undo()
    expect(cy.name):toBe("Cy")
  end)
end)

scenario("undoNestedGroup undoes the nested group closed last, inside the open group", function()
  local ctx, undo, ann = setup()
  undo.groupsByEvent = false
  undo:beginUndoGrouping()
  ann.name = "Outer"
  undo:beginUndoGrouping()
  ann.name = "Inner"
  undo:endUndoGrouping()
  undo:undoNestedGroup()               -- the inner group only; the outer stays open
  expect(ann.name):toBe("Outer")
  expect(undo.groupingLevel):toBe(1)
  expect(undo.canRedo):toBe(true)
  ann.name = "After"
  ripple.tick()
  expect(undo.canRedo):toBe(false)     -- a registration clears the redo stack, as in Foundation
  expect(function() undo:undoNestedGroup() end):toRaise(
    "undoNestedGroup: NSUndoManager is in invalid state, call endUndoGrouping before calling this method")
  expect(ann.name):toBe("After")
  undo:endUndoGrouping()
  undo:undoNestedGroup()               -- no group open: the last top-level group, as undo()
  expect(ann.name):toBe("Ann")
  expect(undo.canUndo):toBe(false)
end)
