-- Dictionary results as a SQLite store computes them: key paths through to-one relationships,
-- expression descriptions (aggregate functions), propertiesToGroupBy, havingPredicate,
-- returnsDistinctResults; every refused request names the rule in Core Data's words and changes nothing.
local model = ripple.model {
  Customer = { name = "string", city = "string?", orders = { toMany = "Order", inverse = "customer" } },
  Order = { amount = "integer?", price = "double?", customer = { toOne = "Customer", inverse = "orders" } },
}

local function fill(ctx)
  local ann = ctx:insert("Customer", { name = "Ann", city = "Oslo" })
  local bob = ctx:insert("Customer", { name = "Bob", city = "Rome" })
  local cy = ctx:insert("Customer", { name = "Cy" })
  ctx:insert("Order", { amount = 10, price = 1.5, customer = ann })
  ctx:insert("Order", { amount = 20, price = 2.5, customer = ann })
  ctx:insert("Order", { amount = 5, price = 4, customer = bob })
  ctx:insert("Order", { customer = cy })
  ctx:save()
end

local function checks(ctx)
  -- GROUP BY a key path through a to-one; groups come in the order of their values, nil first.
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType",
    propertiesToFetch = { "customer.name", { name = "total", expression = "@sum.amount" },
                          { name = "n", expression = "count:(amount)" } },
    propertiesToGroupBy = { "customer.name" } }):toEqual({
      { ["customer.name"] = "Ann", total = 30, n = 2 },
      { ["customer.name"] = "Bob", total = 5, n = 1 },
      { ["customer.name"] = "Cy", n = 0 },   -- SUM of only NULLs is NULL: the key is left out
    })
  -- HAVING reads the group's names (or $names); ORDER BY sorts the groups; the result type converts.
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType",
    propertiesToFetch = { "customer.city", { name = "total", expression = "sum:(amount)", expressionResultType = "double" } },
    propertiesToGroupBy = { "customer.city" }, havingPredicate = "total > 1 OR $total == 5",
    sortDescriptors = { { key = "total", ascending = false } } }):toEqual({
      { ["customer.city"] = "Oslo", total = 30.0 }, { ["customer.city"] = "Rome", total = 5.0 } })
  -- Aggregates without GROUP BY: one row for every matching object.
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType",
    propertiesToFetch = { { name = "mean", expression = "@avg.amount" }, { name = "most", expression = "max:(price)" },
                          { name = "least", expression = "@min.amount", expressionResultType = "integer64" } } })
    :toEqual({ { mean = 35 / 3, most = 4.0, least = 5 } })
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType", predicate = "amount > 100",
    propertiesToFetch = { { name = "n", expression = "@count.amount" }, { name = "total", expression = "@sum.amount" } } })
    :toEqual({ { n = 0 } })
  -- DISTINCT, then offset and limit.
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType", propertiesToFetch = { "customer.city" },
    returnsDistinctResults = true, sortDescriptors = { "customer.city" } })
    :toEqual({ {}, { ["customer.city"] = "Oslo" }, { ["customer.city"] = "Rome" } })
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType", propertiesToFetch = { "customer.city" },
    returnsDistinctResults = true, sortDescriptors = { "customer.city" }, fetchOffset = 1, fetchLimit = 1 })
    :toEqual({ { ["customer.city"] = "Oslo" } })
end

scenario("in memory: group, aggregate, having, distinct", function()
  local ctx = ripple.container(model).viewContext
  fill(ctx)
  checks(ctx)
end)

scenario("a SQLite store answers the same", function()
  local path = ripple.temporaryPath("scenario-200.sqlite")
  fill(ripple.container(model, { store = "sqlite", path = path }).viewContext)
  checks(ripple.container(model, { store = "sqlite", path = path }).viewContext)
end)

scenario("dictionary results ignore unsaved changes, aggregates too", function()
  local ctx = ripple.container(model).viewContext
  fill(ctx)
  ctx:insert("Order", { amount = 1000, customer = ctx:fetch { entity = "Customer", predicate = "name == 'Bob'" }[1] })
  local rows = ctx:fetch { entity = "Order", resultType = "dictionaryResultType", includesPendingChanges = true,
    propertiesToFetch = { { name = "total", expression = "@sum.amount" } } }
  expect(rows):toEqual({ { total = 35 } })
  expect(ctx:fetch { entity = "Order", resultType = "countResultType" }):toEqual({ 5 })
  ctx:save()
  expect(ctx:fetch { entity = "Order", resultType = "dictionaryResultType",
    propertiesToFetch = { { name = "total", expression = "@sum.amount" } } }):toEqual({ { total = 1035 } })
end)

scenario("bad requests: Core Data's words, nothing changed", function()
  local ctx = ripple.container(model).viewContext
  fill(ctx)
  local cy = ctx:fetch { entity = "Customer", predicate = "name == 'Cy'" }[1]
  cy.city = "Lima"   -- an unsaved change that every refused fetch must leave alone
  local function dict(t) t.entity = t.entity or "Order"; t.resultType = t.resultType or "dictionaryResultType"; return function() ctx:fetch(t) end end
  expect(dict { propertiesToFetch = { "amount", { name = "t", expression = "@sum.amount" } }, propertiesToGroupBy = { "customer" } })
    :toRaise("SELECT clauses in queries with GROUP BY components can only contain properties named in the GROUP BY or aggregate functions (amount is not in the GROUP BY)")
  expect(dict { resultType = "managedObjectResultType", propertiesToGroupBy = { "amount" } })
    :toRaise("Invalid fetch request: GROUP BY requires NSDictionaryResultType")
  expect(dict { propertiesToFetch = { "amount" }, havingPredicate = "amount > 1" })
    :toRaise("Invalid fetch request: HAVING with no GROUP BY")
  expect(dict { resultType = "countResultType", returnsDistinctResults = true })
    :toRaise("returnsDistinctResults is only used with NSDictionaryResultType (Core Data ignores it with countResultType)")
  expect(dict { returnsDistinctResults = true })
    :toRaise("returnsDistinctResults is only used with propertiesToFetch (Core Data ignores it without them)")
  expect(dict { propertiesToFetch = { "amount", { name = "t", expression = "@sum.amount" } } })
    :toRaise("Invalid fetch request: amount is neither an aggregate function nor in propertiesToGroupBy")
  expect(dict { propertiesToFetch = { { name = "t", expression = "@sum.amount" } }, propertiesToGroupBy = { { name = "u", expression = "@max.amount" } } })
    :toRaise("Invalid property u (max:(amount)) passed to setPropertiesToGroupBy: an aggregate function can not be grouped by")
  expect(dict { propertiesToFetch = { { name = "t", expression = "median:(amount)" } } })
    :toRaise("Unsupported function expression median:(amount)")
  expect(dict { propertiesToFetch = { { name = "t", expression = "sum:(amount" } } })
    :toRaise('Unable to parse the format string "sum:(amount"')
  expect(dict { entity = "Customer", propertiesToFetch = { { name = "t", expression = "@avg.name" } } })
    :toRaise("Invalid expression average:(name) for t: average: needs a number attribute, name is a string attribute")
  expect(dict { entity = "Customer", propertiesToFetch = { "orders.amount" } })
    :toRaise("Invalid to many relationship in setPropertiesToFetch: (orders.amount)")
  expect(dict { propertiesToFetch = { "amount.value" } })
    :toRaise("Invalid keypath amount.value passed to setPropertiesToFetch: (amount is an attribute of Order, not a to-one relationship)")
  expect(dict { propertiesToFetch = { "customer.nmae" } })
    :toRaise("Invalid keypath customer.nmae passed to setPropertiesToFetch: (the entity Customer has no property nmae)")
  expect(dict { propertiesToFetch = { "customer.name" }, propertiesToGroupBy = { "customer.name" }, havingPredicate = "amount > 1" })
    :toRaise("the HAVING predicate reads amount, which is neither in propertiesToGroupBy nor the name of a property to fetch")
  expect(dict { propertiesToFetch = { "customer.name" }, propertiesToGroupBy = { "customer.name" }, sortDescriptors = { "amount" } })
    :toRaise("the sort key amount is neither in propertiesToGroupBy nor the name of a property to fetch")
  expect(dict { propertiesToFetch = { { name = "t", expression = "@sum.amount", expressionResultType = "money" } } })
    :toRaise("unknown expressionResultType 'money' (expected one of string, integer16")
  expect(dict { propertiesToFetch = { { name = "t", expression = "@sum.amount", type = "double" } } })
    :toRaise("unknown key 'type' in an expression description (known keys: expression, expressionResultType, name)")
  expect(dict { propertiesToFetch = { { expression = "@sum.amount" } } })
    :toRaise('an expression description in propertiesToFetch needs name = "…" (a string), got nil')
  expect(dict { propertiesToFetch = { 3 } })
    :toRaise("propertiesToFetch item 1: a property name or an expression description table expected, got number")
  expect(dict { returnsDistinctResults = "yes" }):toRaise("returnsDistinctResults must be a boolean, got string")
  expect(function()
    ripple.fetchedResultsController { context = ctx, entity = "Order", sortDescriptors = { "amount" }, propertiesToGroupBy = { "amount" } }
  end):toRaise("Invalid fetch request: GROUP BY requires NSDictionaryResultType")
  -- The context is as it was: the unsaved change is still there, and a good request still works.
  expect(cy.city):toBe("Lima")
  expect(ctx.hasChanges):toBe(true)
  expect(ctx:fetch { entity = "Customer", resultType = "dictionaryResultType", propertiesToFetch = { "city" },
    predicate = "name == 'Cy'" }):toEqual({ {} })
  ctx:rollback()
  expect(cy.city):toBe(nil)
end)
