-- SUBQUERY(collection, $x, predicate).@count and $VARIABLEs bound from Lua with
-- substitutionVariables = { NAME = … } on fetch requests and fetched-results controllers.
local model = ripple.model {
  Customer = { name = "string", age = "integer", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "double", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann", age = 30 })
local bob = ctx:insert("Customer", { name = "Bob", age = 20 })
local cy = ctx:insert("Customer", { name = "Cy", age = 40 })
ctx:insert("Order", { total = 150, customer = ann })
ctx:insert("Order", { total = 50, customer = ann })
ctx:insert("Order", { total = 500, customer = bob })
ctx:save()

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.name end
  return out
end

scenario("SUBQUERY counts the members that match", function()
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "name" },
                           predicate = "SUBQUERY(orders, $o, $o.total > 100).@count > 0" })):toEqual({ "Ann", "Bob" })
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "name" },
                           predicate = "SUBQUERY(orders, $o, $o.total < 100 OR $o.total > 400).@count == 1" }))
    :toEqual({ "Ann", "Bob" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "SUBQUERY(orders, $o, $o.total > 0).@count == 0" }))
    :toEqual({ "Cy" })
  expect(function() ctx:fetch { entity = "Customer", predicate = "SUBQUERY(orders, o, o.total > 0).@count == 0" } end)
    :toRaise([[Unable to parse the format string "SUBQUERY(orders, o, o.total > 0).@count == 0" (at position 17, near 'o')]])
  expect(function() ctx:fetch { entity = "Customer", predicate = "SUBQUERY(name, $x, $x == 'A').@count == 0" } end)
    :toRaise([[Can't do SUBQUERY over something that isn't a collection ("Ann")]])
end)

scenario("substitutionVariables bind $VARIABLEs, including inside a SUBQUERY", function()
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "name" }, predicate = "age >= $MIN",
                           substitutionVariables = { MIN = 30 } })):toEqual({ "Ann", "Cy" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "SUBQUERY(orders, $o, $o.total >= $LIMIT).@count > 0",
                           substitutionVariables = { LIMIT = 500 } })):toEqual({ "Bob" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "SELF == $WHO", substitutionVariables = { WHO = cy } }))
    :toEqual({ "Cy" })
  expect(names(ctx:fetch { entity = "Customer", predicate = "name IN $NAMES", sortDescriptors = { "name" },
                           substitutionVariables = { NAMES = { "Cy", "Ann" } } })):toEqual({ "Ann", "Cy" })
  expect(function() ctx:fetch { entity = "Customer", predicate = "age >= $MIN" } end)
    :toRaise("98-predicates-subquery-variables.lua:45: Can't get value for 'MIN' in bindings {}.")
  expect(function() ctx:fetch { entity = "Customer", predicate = "age >= $MIN", substitutionVariables = { MAX = 1 } } end)
    :toRaise("Can't get value for 'MIN' in bindings {MAX = 1}.")
  expect(function() ctx:fetch { entity = "Customer", predicate = "age >= $MIN", substitutionVariables = 5 } end)
    :toRaise("substitutionVariables must be a table of names and values, got number")
  expect(function() ctx:fetch { entity = "Customer", predicate = "age >= $MIN", substitutionVariables = { 5 } } end)
    :toRaise("substitutionVariables: a variable name must be a string, got number")
end)

scenario("a controller with substitutionVariables tracks changes with them bound", function()
  local frc = ripple.fetchedResultsController {
    context = ctx, entity = "Customer", sortDescriptors = { "name" },
    predicate = "SUBQUERY(orders, $o, $o.total > $MIN).@count > 0", substitutionVariables = { MIN = 100 },
    tracksRelationshipKeyPaths = true,
  }
  local changes = {}
  frc.delegate = {
    didChangeObject = function(_, o, indexPath, type, newIndexPath)
      changes[#changes + 1] = type .. " " .. o.name .. " " .. tostring(indexPath) .. " -> " .. tostring(newIndexPath)
    end,
  }
  frc:performFetch()
  expect(names(frc.fetchedObjects)):toEqual({ "Ann", "Bob" })
  ctx:insert("Order", { total = 101, customer = cy })
  ctx:processPendingChanges()
  expect(names(frc.fetchedObjects)):toEqual({ "Ann", "Bob", "Cy" })
  expect(changes):toEqual({ "insert Cy nil -> [0, 2]" })
  expect(frc.predicate):toBe("SUBQUERY(orders, $o, $o.total > $MIN).@count > 0")
end)
