-- Bad input: malformed predicates and bad fetch requests.
local model = ripple.model { Customer = { name = "string", age = "integer?" } }
local ctx = ripple.container(model).viewContext
ctx:insert("Customer", { name = "Ann", age = 3 })

scenario("a syntax error names the position and the token", function()
  expect(function() ctx:fetch { entity = "Customer", predicate = "name == == 'x'" } end)
    :toRaise([[Unable to parse the format string "name == == 'x'" (at position 8, near '==')]])
end)

scenario("an unterminated string", function()
  expect(function() ctx:fetch { entity = "Customer", predicate = "name == 'x" } end)
    :toRaise([[Unable to parse the format string "name == 'x"]])
end)

scenario("an unknown key in a predicate", function()
  expect(function() ctx:fetch { entity = "Customer", predicate = "shoe > 3" } end)
    :toRaise('keypath shoe not found in entity Customer')
end)

scenario("an error inside a predicate function reaches the caller unchanged", function()
  local ok, err = pcall(ctx.fetch, ctx, { entity = "Customer", predicate = function(c) error({ code = 7 }) end })
  expect(ok):toBe(false)
  expect(err):toEqual({ code = 7 })
end)

scenario("a request without an entity, and an unknown entity", function()
  expect(function() ctx:fetch { predicate = "TRUEPREDICATE" } end):toRaise("a fetch request needs an entity name")
  expect(function() ctx:fetch { entity = "Nope" } end)
    :toRaise("+entityForName: could not locate an entity named 'Nope' in this model.")
  expect(#ctx:fetch { entity = "Customer" }):toBe(1)
end)
