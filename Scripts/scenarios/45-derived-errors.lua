-- Bad input around derived properties: cycles and unknown keys are refused when the model is built,
-- derived keys are read-only, an error in a derived function reaches the code whose change caused the
-- recomputation (with the function's position and a traceback) and the object keeps its last good value,
-- and observing an unknown key fails with Key-Value Coding's words.
scenario("a cycle is refused, naming its keys", function()
  expect(function()
    ripple.model { Customer = {
      a = { derived = function(c) return c.b end, dependsOn = { "b" } },
      b = { derived = function(c) return c.a end, dependsOn = { "a" } },
    } }
  end):toRaise("derived properties form a cycle: Customer.a -> Customer.b -> Customer.a")
end)

scenario("unknown keys, missing dependsOn and unfollowable paths are refused", function()
  expect(function() ripple.model { Customer = { n = { derived = "orders.@count" } } } end)
    :toRaise("derived property Customer.n depends on 'orders.@count': keypath orders.@count not found in entity Customer")
  expect(function() ripple.model { Customer = { name = "string", n = { derived = function() end } } } end)
    :toRaise("entity Customer, key n: a derived function needs dependsOn = { key paths… }")
  expect(function() ripple.model { Customer = { name = "string", n = { derived = "trim:(name)" } } } end)
    :toRaise("unsupported function 'trim:'")
  expect(function()
    ripple.model {
      Customer = { orders = { toMany = "Order" }, n = { derived = "orders.@sum.total" } },
      Order = { total = "double" },
    }
  end):toRaise("relationship 'orders' of Customer has no inverse")
end)

local model = ripple.model {
  Item = {
    price = { "double", default = 1 },
    label = {
      derived = function(item)
        if item.price < 0 then error("negative price " .. item.price) end
        return string.format("$%.2f", item.price)
      end,
      dependsOn = { "price" },
    },
  },
}
local ctx = ripple.container(model).viewContext
local item = ctx:insert("Item")

scenario("derived keys are read-only", function()
  expect(function() item.label = "free" end)
    :toRaise([[[<Item Item#1> setValue:forUndefinedKey:]: the entity Item is not key value coding-compliant for the key "label" (derived properties are read-only).]])
  expect(function() ctx:insert("Item", { label = "x" }) end):toRaise("setValue:forUndefinedKey:")
end)

scenario("an error in a derived function reaches the mutation; the last good value stays", function()
  item.price = 2
  expect(item.label):toBe("$2.00")
  local ok, message = pcall(function() item.price = -1 end)
  expect(ok):toBe(false)
  expect(message):toContain("45-derived-errors.lua:34: negative price -1.0")
  expect(message):toContain("stack traceback:")
  expect(item.price):toBe(-1.0)
  expect(item.label):toBe("$2.00")
  item.price = 3
  expect(item.label):toBe("$3.00")
end)

scenario("observing an unknown key fails with valueForUndefinedKey:", function()
  expect(function() ripple.observe(item, "cost", function() end) end)
    :toRaise([[[<Item Item#1> valueForUndefinedKey:]: the entity Item is not key value coding-compliant for the key "cost".]])
  expect(function() ripple.observe(item, "price", function() end, "sometimes") end)
    :toRaise("unknown observing option 'sometimes'")
end)

scenario("an error in an observer reaches the mutation after the value changed", function()
  local token = ripple.observe(item, "label", function(change) error("observer saw " .. change.new) end)
  expect(function() item.price = 4 end):toRaise("observer saw $4.00")
  expect(item.label):toBe("$4.00")
  token:cancel()
  item.price = 5
end)
