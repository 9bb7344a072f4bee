-- Entity inheritance: parentEntity / isAbstract in a Lua model, fetches through a parent, `entity` in
-- predicates, relationships to a parent entity, FRCs over a parent, abstract entities refused.
local model = ripple.model {
  Person = { isAbstract = true, name = "string", pets = { toMany = "Pet", inverse = "owner" } },
  Employee = { parentEntity = "Person", salary = "integer?" },
  Manager = { parentEntity = "Employee", reports = "integer?" },
  Contractor = { parentEntity = "Person", rate = "double?" },
  Pet = { name = "string", owner = { toOne = "Person", inverse = "pets" }, vet = { toOne = "Employee" } },
}
local ctx = ripple.container(model).viewContext

local function names(list)
  local out = {}
  for i, o in ipairs(list) do out[i] = o.name end
  return out
end

scenario("a sub-entity has its parent's properties first", function()
  local m = ctx:insert("Manager", { name = "Al", salary = 5, reports = 2 })
  expect(m.name):toBe("Al")
  expect(m.salary):toBe(5)
  expect(m.reports):toBe(2)
  ctx:rollback()
end)

scenario("inserting an abstract entity fails and inserts nothing", function()
  expect(function() ctx:insert("Person", { name = "Nobody" }) end)
    :toRaise("Cannot create an instance of abstract entity Person; insert one of its sub-entities (Contractor, Employee)")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a fetch of a parent returns its sub-entities' objects unless includesSubentities = false", function()
  ctx:insert("Employee", { name = "Bo", salary = 3 })
  ctx:insert("Manager", { name = "Al", salary = 5, reports = 2 })
  ctx:insert("Contractor", { name = "Cy", rate = 9.5 })
  ctx:save()
  expect(names(ctx:fetch { entity = "Person", sortDescriptors = { "name" } })):toEqual({ "Al", "Bo", "Cy" })
  expect(names(ctx:fetch { entity = "Employee", sortDescriptors = { "name" } })):toEqual({ "Al", "Bo" })
  expect(names(ctx:fetch { entity = "Employee", includesSubentities = false })):toEqual({ "Bo" })
  expect(#ctx:fetch { entity = "Person", includesSubentities = false }):toBe(0)
  expect(function() ctx:fetch { entity = "Person", includesSubentities = "no" } end)
    :toRaise("includesSubentities must be a boolean, got string")
end)

scenario("entity and entity.name in predicates and sort descriptors", function()
  expect(names(ctx:fetch { entity = "Person", predicate = "entity == %@", arguments = { "Manager" } })):toEqual({ "Al" })
  expect(names(ctx:fetch { entity = "Person", predicate = "entity.name IN %@", arguments = { { "Employee", "Contractor" } },
                            sortDescriptors = { "name" } })):toEqual({ "Bo", "Cy" })
  expect(names(ctx:fetch { entity = "Person", sortDescriptors = { "entity.name", "name" } })):toEqual({ "Cy", "Bo", "Al" })
end)

scenario("a relationship to a parent entity takes its sub-entities' objects; another entity is refused", function()
  local people = ctx:fetch { entity = "Person", sortDescriptors = { "name" } }
  local rex = ctx:insert("Pet", { name = "Rex", owner = people[1] })
  expect(rex.owner):toBe(people[1])
  expect(#people[1].pets):toBe(1)
  rex.owner = people[3]
  expect(#people[3].pets):toBe(1)
  expect(function() rex.vet = people[3] end)
    :toRaise('Unacceptable type of value for to-one relationship: property = "vet"; desired type = Employee; given type = Contractor; value = Contractor#1.')
  expect(rex.vet):toBe(nil)
  expect(function() rex.owner = rex end)
    :toRaise('Unacceptable type of value for to-one relationship: property = "owner"; desired type = Person; given type = Pet; value = Pet#1.')
  expect(rex.owner):toBe(people[3])
  ctx:rollback()
end)

scenario("a fetched results controller over a parent entity sees its sub-entities' inserts and changes", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" },
                                                name = "People" }
  local calls = {}
  frc.delegate = { didChangeObject = function(_, o, from, kind, to)
    calls[#calls + 1] = kind .. " " .. tostring(o)
  end }
  frc:performFetch()
  local dee = ctx:insert("Manager", { name = "Dee", salary = 1 })
  ctx:processPendingChanges()
  dee.name = "Ace"
  ctx:processPendingChanges()
  expect(calls):toEqual({ "insert Manager#3", "move Manager#3" })
  expect(names(frc.fetchedObjects)):toEqual({ "Ace", "Al", "Bo", "Cy" })
  ctx:rollback()
  -- Without sub-entities, a manager is not an employee of the controller's.
  local own = ripple.fetchedResultsController { context = ctx, entity = "Employee", includesSubentities = false,
                                                sortDescriptors = { "name" } }
  own.delegate = { didChangeObject = function(_, o, from, kind) calls[#calls + 1] = "own " .. kind .. " " .. tostring(o) end }
  own:performFetch()
  ctx:insert("Manager", { name = "Eve" })
  ctx:insert("Employee", { name = "Fay" })
  ctx:processPendingChanges()
  expect(names(own.fetchedObjects)):toEqual({ "Bo", "Fay" })
  local ownCalls = {}
  for _, c in ipairs(calls) do if c:sub(1, 4) == "own " then ownCalls[#ownCalls + 1] = c end end
  expect(ownCalls):toEqual({ "own insert Employee#2" })
  ctx:rollback()
end)

scenario("the entity keys of a Lua model: parentEntity and isAbstract, checked", function()
  expect(function() ripple.model { A = { parentEntity = "B" } } end)
    :toRaise("entity A names a parent entity 'B' that the model does not have")
  expect(function() ripple.model { A = { parentEntity = "B" }, B = { parentEntity = "A" } } end)
    :toRaise("entity A is its own ancestor: a cycle of parent entities (A → B → A)")
  expect(function() ripple.model { A = { name = "string" }, B = { parentEntity = "A", name = "string" } } end)
    :toRaise("entity B declares the key 'name' that it inherits from its parent entity A")
  expect(function() ripple.model { A = { isAbstract = "boolean" } } end)
    :toRaise("entity A: isAbstract is a reserved key of an entity table (true or false), got string; a property cannot be named isAbstract in ripple.model")
  expect(function() ripple.model { A = { parentEntity = { toOne = "A" } } } end)
    :toRaise("entity A: parentEntity is a reserved key of an entity table (the name of the parent entity), got table; a property cannot be named parentEntity in ripple.model")
end)

scenario("derived properties follow changes of sub-entity objects, and are inherited", function()
  local shop = ripple.model {
    Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" },
                 total = { derived = "orders.@sum.amount" } },
    Vip = { parentEntity = "Customer", biggest = { derived = "orders.@max.amount" } },
    Order = { amount = "double?", customer = { toOne = "Customer", inverse = "orders" }, label = { derived = "customer.name" } },
    RushOrder = { parentEntity = "Order", fee = "double?" },
  }
  local c = ripple.container(shop).viewContext
  local ann = c:insert("Customer", { name = "Ann" })
  local vip = c:insert("Vip", { name = "Vi" })
  local o = c:insert("Order", { amount = 1, customer = ann })
  local r = c:insert("RushOrder", { amount = 2, customer = ann })
  c:processPendingChanges()
  expect(ann.total):toBe(3.0)
  r.amount = 10
  c:processPendingChanges()
  expect(ann.total):toBe(11.0)
  r.customer = vip
  c:processPendingChanges()
  expect({ ann.total, vip.total, vip.biggest }):toEqual({ 1.0, 10.0, 10.0 })
  vip.name = "Val"
  c:processPendingChanges()
  expect({ o.label, r.label }):toEqual({ "Ann", "Val" })
end)
