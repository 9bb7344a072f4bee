-- Bad input: inconsistent models are refused when they are built, naming the entity and key.
scenario("an unknown attribute type", function()
  expect(function() ripple.model { Customer = { name = "strng" } } end)
    :toRaise("entity Customer, key name: unknown attribute type 'strng'")
end)

scenario("a relationship to an unknown entity", function()
  expect(function() ripple.model { Customer = { orders = { toMany = "Ordr" } } } end)
    :toRaise("relationship 'orders' of entity Customer points at an unknown entity 'Ordr'")
end)

scenario("an inverse that does not exist", function()
  expect(function()
    ripple.model {
      Customer = { orders = { toMany = "Order", inverse = "buyer" } },
      Order = { customer = { toOne = "Customer", inverse = "orders" } },
    }
  end):toRaise("relationship 'orders' of entity Customer names an inverse 'buyer' that entity Order does not have")
end)

scenario("an inverse that points elsewhere", function()
  expect(function()
    ripple.model {
      Customer = { orders = { toMany = "Order", inverse = "customer" }, notes = { toMany = "Order", inverse = "customer" } },
      Order = { customer = { toOne = "Customer", inverse = "orders" } },
    }
  end):toRaise("relationship 'notes' of entity Customer names 'Order.customer' as its inverse, but that relationship points at Customer.orders")
end)

scenario("an unknown delete rule", function()
  expect(function() ripple.model { A = { b = { toOne = "A", deleteRule = "explode" } } } end)
    :toRaise("entity A, key b: unknown delete rule 'explode'")
end)
