-- Derived attributes as Core Data has them (Xcode's derived="YES" with a derivationExpression, or
-- derivationExpression in ripple.model): computed when the context saves to the store, not before; read-only
-- to scripts; written to the store. Ripple's own live `derived` properties are a different thing.

local model = ripple.model {
  List = {
    title = "string",
    items = { toMany = "Item", inverse = "list" },
    count = { "integer?", derivationExpression = "items.@count" },
    total = { "double?", derivationExpression = "items.@sum.price" },
    searchTitle = { "string?", derivationExpression = "canonical:(title)" },
  },
  Item = {
    name = "string", price = { "double", default = 0 },
    list = { toOne = "List", inverse = "items" },
    listTitle = { "string?", derivationExpression = "list.title" },
  },
}

scenario("computed at save, not before", function()
  local path = ripple.temporaryPath("derived.sqlite")
  local ctx = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local list = ctx:insert("List", { title = "Épicerie" })
  local milk = ctx:insert("Item", { name = "milk", price = 1.5, list = list })
  expect(list.count):toBe(nil)
  expect(list.searchTitle):toBe(nil)
  ctx:save()
  expect(list.count):toBe(1)
  expect(list.total):toBe(1.5)
  expect(list.searchTitle):toBe("epicerie")
  expect(milk.listTitle):toBe("Épicerie")
  expect(ctx.hasChanges):toBe(false)
  -- a change of another object the expression reads: recomputed at the next save only
  milk.price = 2.25
  ctx:insert("Item", { name = "eggs", price = 3, list = list })
  list.title = "Market"
  expect(list.count):toBe(1)
  expect(list.total):toBe(1.5)
  expect(milk.listTitle):toBe("Épicerie")
  ctx:save()
  expect(list.count):toBe(2)
  expect(list.total):toBe(5.25)
  expect(list.searchTitle):toBe("market")
  expect(milk.listTitle):toBe("Market")
  -- in the store too
  local reloaded = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local again = reloaded:fetch { entity = "List" }[1]
  expect(again.count):toBe(2)
  expect(again.total):toBe(5.25)
  expect(#reloaded:fetch { entity = "Item", predicate = "listTitle == 'Market'" }):toBe(2)
end)

scenario("read-only to scripts", function()
  local ctx = ripple.container(model).viewContext
  local list = ctx:insert("List", { title = "a" })
  expect(function() list.count = 3 end)
    :toRaise("[<List List#1> setValue:forKey:]: List.count is a derived attribute: its value is computed when the context saves and cannot be set.")
  expect(function() ctx:insert("List", { title = "b", count = 1 }) end)
    :toRaise("[<List> setValue:forKey:]: List.count is a derived attribute: its value is computed when the context saves and cannot be set.")
  expect(#ctx.insertedObjects):toBe(1)
end)

scenario("a child context's save does not compute them; the parent's save does", function()
  local container = ripple.container(model)
  local parent = container.viewContext
  local child = parent:newChildContext()
  local list = child:insert("List", { title = "Kids" })
  child:insert("Item", { name = "toy", price = 4, list = list })
  child:save()
  local inParent = parent:fetch { entity = "List" }[1]
  expect(inParent.count):toBe(nil)
  parent:save()
  expect(inParent.count):toBe(1)
end)

scenario("expressions Core Data does not support are refused when the model is built", function()
  expect(function() ripple.model { A = { n = "string", d = { "date?", derivationExpression = "now()" } } } end)
    :toRaise("derived attribute A.d: now() is not simulated (Ripple has no clock); use an attribute the app sets in willSave")
  expect(function() ripple.model { A = { n = "string", d = { "string?", derivationExpression = "reverse:(n)" } } } end)
    :toRaise("derived attribute A.d: unsupported function 'reverse:' in 'reverse:(n)' (expected lowercase:, uppercase: or canonical:)")
  expect(function() ripple.model { A = { n = "string", d = { "string?", derivationExpression = "m" } } } end)
    :toRaise("derived attribute A.d: 'm' names a key 'm' that entity A does not have")
  expect(function()
    ripple.model { A = { bs = { toMany = "B", inverse = "a" }, d = { "double?", derivationExpression = "bs.@avg.x" } },
                   B = { x = "double", a = { toOne = "A", inverse = "bs" } } }
  end):toRaise("derived attribute A.d: 'bs.@avg.x' is not a derivation expression Core Data supports")
end)

scenario("an Xcode model's derived attributes", function()
  local staff = ripple.loadModel("Tests/Fixtures/Models/Staff.xcdatamodel")
  local ctx = ripple.container(staff).viewContext
  local lab = ctx:insert("Department", { name = "Läb" })
  local ann = ctx:insert("Employee", { name = "Ann", salary = 10, department = lab })
  ctx:insert("Employee", { name = "Bo", salary = 5, department = lab })
  expect(lab.employeeCount):toBe(nil)
  ctx:save()
  expect({ lab.employeeCount, lab.payroll, lab.searchName, ann.departmentName, ann.upperName })
    :toEqual({ 2, 15, "lab", "Läb", "ANN" })
end)
