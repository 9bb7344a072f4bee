-- Identity: NSManagedObjectID as a value, object(with:), existingObject(with:), URIs, objects and IDs
-- of any context in predicates, and cross-context misuse refused in Core Data's words.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}
local container = ripple.container(model)
local ctx = container.viewContext
local coordinator = container.persistentStoreCoordinator
local bg = container:newBackgroundContext()

scenario("an object ID is a value: temporary until the save, then permanent; == and table keys", function()
  local ann = ctx:insert("Customer", { name = "Ann" })
  local temporary = ann.objectID
  expect(temporary.isTemporaryID):toBe(true)
  expect(tostring(temporary)):toBe("x-coredata:///Customer/t52495050-4C45-4000-8000-0000000000001")
  expect(ann.objectID == temporary):toBe(true)
  ctx:save()
  local permanent = ann.objectID
  expect(permanent.isTemporaryID):toBe(false)
  expect(permanent.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")
  expect(permanent.entityName):toBe("Customer")
  expect(permanent == temporary):toBe(false)
  local seen = { [permanent] = "Ann" }
  local again = bg:performAndWait(function() return bg:fetch { entity = "Customer" }[1].objectID end)
  expect(again == permanent):toBe(true)
  expect(seen[again]):toBe("Ann")
  expect(function() return permanent.number end):toRaise(
    '[<ManagedObjectID> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "number".')
end)

scenario("object(with:) and existingObject(with:) give this context's instance", function()
  local id = ctx:fetch { entity = "Customer" }[1].objectID
  bg:performAndWait(function()
    local here = bg:object(id)
    expect(here.isFault):toBe(true)
    expect(here.name):toBe("Ann")
    expect(bg:existingObject(id)):toBe(here)
    expect(here.managedObjectContext):toBe(bg)
  end)
end)

scenario("a URI gives its ID back; an unknown URI gives nil", function()
  local id = ctx:fetch { entity = "Customer" }[1].objectID
  expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1")):toBe(id)
  expect(coordinator:managedObjectID(id.uriRepresentation)):toBe(id)
  expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Invoice/p1")):toBeNil()
  expect(coordinator:managedObjectID("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p0")):toBeNil()
  expect(coordinator:managedObjectID("https://example.com")):toBeNil()
end)

scenario("predicates take objects and IDs of any context", function()
  local ann = ctx:fetch { entity = "Customer" }[1]
  ctx:insert("Order", { total = 10, customer = ann })
  ctx:insert("Customer", { name = "Bob" })
  ctx:save()
  bg:performAndWait(function()
    local byObject = bg:fetch { entity = "Customer", predicate = "SELF == %@", arguments = { ann } }
    expect(#byObject):toBe(1)
    expect(byObject[1].managedObjectContext):toBe(bg)
    expect(byObject[1] == ann):toBe(false)
    expect(byObject[1].objectID == ann.objectID):toBe(true)
    expect(#bg:fetch { entity = "Customer", predicate = "SELF == %@", arguments = { ann.objectID } }):toBe(1)
    expect(#bg:fetch { entity = "Order", predicate = "customer == %@", arguments = { ann } }):toBe(1)
    expect(bg:count { entity = "Customer", predicate = "SELF IN %@", arguments = { { ann.objectID } } }):toBe(1)
    expect(bg:count { entity = "Customer", predicate = "NOT (SELF IN %@)", arguments = { { ann } } }):toBe(1)
  end)
end)

scenario("another context's object is refused in Core Data's words; nothing changes", function()
  local ann = ctx:fetch { entity = "Customer", predicate = "name == 'Ann'" }[1]
  bg:performAndWait(function()
    expect(function() bg:delete(ann) end):toRaise(
      "An NSManagedObjectContext cannot delete objects in other contexts. (Customer#1 belongs to viewContext, not background#1")
    local order = bg:insert("Order", { total = 5 })
    expect(function() order.customer = ann end):toRaise(
      "Illegal attempt to establish a relationship 'customer' between objects in different contexts (source = Order#2 in background#1, destination = Customer#1 in viewContext)")
    expect(function() bg:refresh(ann, false) end):toRaise(
      "An NSManagedObjectContext cannot refresh objects in other contexts. (Customer#1 belongs to viewContext, not background#1)")
    expect(order.customer):toBeNil()
    expect(#bg.deletedObjects):toBe(0)
    bg:rollback()
    expect(bg.hasChanges):toBe(false)
  end)
  expect(ann.isDeleted):toBe(false)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("existingObject fails with 133000 when the object is gone; object(with:) gives a fault that fails on use", function()
  local bob = ctx:fetch { entity = "Customer", predicate = "name == 'Bob'" }[1]
  local id = bob.objectID
  ctx:delete(bob)
  ctx:save()
  expect(function() ctx:existingObject(id) end):toRaise(
    'Error Domain=NSCocoaErrorDomain Code=133000 "Attempt to access an object not found in store." UserInfo={objectID=x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2}')
  local ghost = ctx:object(id)
  expect(tostring(ghost)):toBe("Customer#2")
  expect(function() return ghost.name end):toRaise("CoreData could not fulfill a fault for 'x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2'")
  expect(ctx.hasChanges):toBe(false)
  expect(ctx:count { entity = "Customer" }):toBe(1)
  expect(function() ctx:object("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1") end):toRaise(
    "bad argument #1 to 'object' (ManagedObjectID expected, got string)")
end)
