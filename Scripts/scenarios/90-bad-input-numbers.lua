-- Bad input: numbers a script can pass that do not fit where they go (huge, NaN, infinities,
-- math.maxinteger). Each was a Swift trap (Double -> Int conversion, integer overflow); each is now a
-- Lua error with the caller's file:line, or the right answer, and nothing is left half done.
local model = ripple.model {
  Customer = { name = "string", age = "integer?" },
}
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Ann", "Bob", "Cy" } do ctx:insert("Customer", { name = n, age = 30 }) end
ctx:save()

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.name end
  return out
end

scenario("a model refuses a length or count bound that is not a non-negative integer", function()
  expect(function() ripple.model { A = { s = { "string", maxLength = 1e300 } } } end)
    :toRaise("90-bad-input-numbers.lua:18: entity A, key s: 'maxLength' must be a non-negative integer, got 1e+300")
  expect(function() ripple.model { A = { s = { "string", minLength = 0 / 0 } } } end)
    :toRaise("entity A, key s: 'minLength' must be a non-negative integer, got ")
  expect(function() ripple.model { A = { s = { "string", minLength = -1 } } } end)
    :toRaise("entity A, key s: 'minLength' must be a non-negative integer, got -1")
  expect(function() ripple.model { A = { b = { toMany = "A", inverse = "b", max = math.huge } } } end)
    :toRaise("entity A, key b: 'max' must be a non-negative integer, got inf")
  expect(function() ripple.model { A = { b = { toMany = "A", inverse = "b", min = 1.5 } } } end)
    :toRaise("entity A, key b: 'min' must be a non-negative integer, got 1.5")
  expect(function() ripple.model { A = { s = { "string", maxLength = "5" } } } end)
    :toRaise("entity A, key s: 'maxLength' must be a non-negative integer, got string")
  -- integral floats are integers, as everywhere in Lua
  local m = ripple.model { A = { s = { "string", maxLength = 2.0 } } }
  local c = ripple.container(m).viewContext
  c:insert("A", { s = "abc" })
  expect(function() c:save() end):toRaise('Code=1660 "s is too long."')
end)

scenario("%d and %i refuse a number that does not fit in an integer", function()
  for _, bad in ipairs { 1e300, -math.huge, 0 / 0, 2 ^ 63 } do
    expect(function() ctx:fetch { entity = "Customer", predicate = "age == %d", arguments = { bad } } end)
      :toRaise('Unable to parse the format string "age == %d" (at position 7, near \'%d\'): %d needs a number that fits in an integer, got ')
  end
  expect(function()
    ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                      predicate = "age == %i", arguments = { 1e300 } }
  end):toRaise("90-bad-input-numbers.lua:43: Unable to parse the format string")
  -- a fraction is still truncated, as Foundation does
  expect(ctx:count { entity = "Customer", predicate = "age == %d", arguments = { 30.7 } }):toBe(3)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("fetchLimit = math.maxinteger with an offset means no limit", function()
  expect(names(ctx:fetch { entity = "Customer", sortDescriptors = { "name" }, fetchOffset = 1,
                           fetchLimit = math.maxinteger })):toEqual({ "Bob", "Cy" })
  expect(ctx:count { entity = "Customer", fetchOffset = 2, fetchLimit = math.maxinteger }):toBe(1)
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                                fetchOffset = 1, fetchLimit = math.maxinteger }
  frc.delegate = { controllerDidChangeContent = function() end }  -- so that it tracks changes
  frc:performFetch()
  expect(names(frc.fetchedObjects)):toEqual({ "Bob", "Cy" })
  ctx:insert("Customer", { name = "Dan", age = 1 })
  ctx:processPendingChanges()
  expect(names(frc.fetchedObjects)):toEqual({ "Bob", "Cy", "Dan" })
  ctx:rollback()
  expect(names(frc.fetchedObjects)):toEqual({ "Bob", "Cy" })
end)
