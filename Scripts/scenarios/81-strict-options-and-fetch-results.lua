-- Nothing silently ignored: unknown keys are errors on every object and option table; fetchBatchSize,
-- resultType and propertiesToFetch do what Core Data's do.
local model = ripple.model {
  Customer = { name = "string", age = "integer?", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "integer", customer = { toOne = "Customer", inverse = "orders" } },
}
local container = ripple.container(model)
local ctx = container.viewContext
for i = 1, 7 do ctx:insert("Customer", { name = "C" .. i, age = i }) end
ctx:save()

scenario("unknown keys on Ripple objects fail in KVC's words, reads and writes alike", function()
  expect(function() return ctx.mergePolicyX end):toRaise(
    '[<ManagedObjectContext viewContext> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "mergePolicyX".')
  expect(function() ctx.mergePolicyX = 1 end):toRaise(
    '[<ManagedObjectContext viewContext> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key "mergePolicyX".')
  expect(function() return container.persistentStoreCoordinatr end):toRaise(
    '[<PersistentContainer> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "persistentStoreCoordinatr".')
  expect(function() return container.persistentStoreCoordinator.stores end):toRaise(
    '[<PersistentStoreCoordinator> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "stores".')
  expect(function() return container.managedObjectModel.entitiesByName end):toRaise(
    '[<ManagedObjectModel> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "entitiesByName".')
  expect(function() return ripple.indexPath(0, 0).length end):toRaise(
    '[<IndexPath> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "length".')
  expect(ctx.hasChanges):toBe(false)
end)

scenario("every option table refuses a key it does not know, naming it", function()
  expect(function() ripple.model { Tag = { name = { "string", uniqe = true } } } end):toRaise(
    "unknown key 'uniqe' in the spec of Tag.name (known keys: allowsExternalBinaryDataStorage, default, derivationExpression, max, maxLength, min, minLength, optional, pattern, preservesValueInHistoryOnDeletion, transient, valueTransformerName)")
  expect(function() ripple.model { Tag = { name = { "string", unique = true } } } end):toRaise(
    "'unique' in the spec of Tag.name is not implemented by Ripple: Core Data has no per-attribute uniqueness flag")
  expect(function() ripple.model { A = { b = { toOne = "A", inverse = "b", orderd = true } } } end):toRaise(
    "unknown key 'orderd' in the spec of A.b (known keys: deleteRule, inverse, max, min, optional, ordered, toMany, toOne)")
  expect(function() ripple.container(model, { stor = "sqlite" }) end):toRaise(
    "unknown key 'stor' in the store options (known keys: busyTimeout, inferMappingModelAutomatically, migratePersistentStoresAutomatically, path, persistentHistoryTracking, remoteChangeNotificationPost, store)")
  expect(function() ctx:fetch { entity = "Customer", fetchLimt = 2 } end):toRaise("unknown key 'fetchLimt' in a fetch request")
  expect(function() ctx:fetch { entity = "Customer", affectedStores = {} } end):toRaise(
    "'affectedStores' in a fetch request is not implemented by Ripple")
  expect(function() ctx:fetch { entity = "Customer", sortDescriptors = { { key = "name", ascendng = false } } } end):toRaise(
    "unknown key 'ascendng' in a sort descriptor (known keys: ascending, comparator, key, selector)")
  expect(function()
    ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" }, sectionKeyPath = "name" }
  end):toRaise("unknown key 'sectionKeyPath' in the options of ripple.fetchedResultsController")
  expect(function()
    ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" }, resultType = "countResultType" }
  end):toRaise("NSFetchedResultsController requires a fetch request whose resultType is managedObjectResultType, got countResultType")
  expect(function() ripple.viewController { title = "A", subtitle = "B" } end):toRaise(
    "unknown key 'subtitle' in the options of ripple.viewController")
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a navigation controller takes rootViewController and a delegate, and refuses a misspelled key", function()
  local list = ripple.viewController "List"
  local nav = ripple.navigationController { rootViewController = list }
  expect(nav.viewControllers):toEqual({ list })
  expect(function() ripple.navigationController { rootViewController = list, delegat = {} } end):toRaise(
    "unknown key 'delegat' in the options of ripple.navigationController")
  local delegate = { didShowViewController = function() end }
  nav.delegate = delegate
  expect(nav.delegate):toBe(delegate)
  local other = ripple.navigationController { rootViewController = ripple.viewController "Other", delegate = delegate }
  expect(other.delegate):toBe(delegate)
  expect(function() ripple.viewController { delegate = {} } end):toRaise("a plain view controller has no delegate")
  expect(nav.viewControllers):toEqual({ list })
end)

scenario("fetchBatchSize: the first batch is loaded, touching a later object loads its batch", function()
  local bg = container:newBackgroundContext()
  bg:performAndWait(function()
    local all = bg:fetch { entity = "Customer", sortDescriptors = { "age" }, fetchBatchSize = 3 }
    local function faults()
      local f = {}
      for i, o in ipairs(all) do f[i] = o.isFault and "F" or "-" end
      return table.concat(f)
    end
    expect(#all):toBe(7)
    expect(faults()):toBe("---FFFF")
    expect(all[5].name):toBe("C5")
    expect(faults()):toBe("------F")
    expect(all[7].age):toBe(7)
    expect(faults()):toBe("-------")
  end)
  expect(function() ctx:fetch { entity = "Customer", fetchBatchSize = -1 } end):toRaise("fetchBatchSize must be a non-negative integer")
end)

scenario("resultType: object IDs, count, dictionaries with propertiesToFetch", function()
  local c1 = ctx:fetch { entity = "Customer", predicate = "age == 1" }[1]
  ctx:insert("Order", { total = 5, customer = c1 })
  ctx:save()
  local ids = ctx:fetch { entity = "Customer", resultType = "managedObjectIDResultType", predicate = "age > 5",
                          sortDescriptors = { "age" } }
  expect(#ids):toBe(2)
  expect(ids[1].uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p6")
  expect(ctx:fetch { entity = "Customer", resultType = "countResultType" }):toEqual({ 7 })
  local rows = ctx:fetch { entity = "Order", resultType = "dictionaryResultType", propertiesToFetch = { "total", "customer" } }
  expect(rows[1].total):toBe(5)
  expect(rows[1].customer):toBe(c1.objectID)
  local everything = ctx:fetch { entity = "Customer", resultType = "dictionaryResultType", sortDescriptors = { "age" }, fetchLimit = 1 }
  expect(everything):toEqual({ { name = "C1", age = 1 } })
end)

scenario("dictionaries read saved values: pending changes are not included", function()
  local c2 = ctx:fetch { entity = "Customer", predicate = "age == 2" }[1]
  c2.name = "unsaved"
  ctx:insert("Customer", { name = "new", age = 2 })
  local rows = ctx:fetch { entity = "Customer", resultType = "dictionaryResultType", propertiesToFetch = { "name" },
                           predicate = "age == 2" }
  expect(rows):toEqual({ { name = "C2" } })
  expect(function() ctx:fetch { entity = "Customer", resultType = "dictionaryResultType", propertiesToFetch = { "orders" } } end)
    :toRaise("Invalid to many relationship in setPropertiesToFetch: (orders)")
  expect(function() ctx:fetch { entity = "Customer", resultType = "dictionaryResultType", propertiesToFetch = { "nope" } } end)
    :toRaise("Invalid keypath nope passed to setPropertiesToFetch:")
  expect(function() ctx:fetch { entity = "Customer", resultType = "objects" } end):toRaise(
    "resultType must be one of managedObjectResultType, managedObjectIDResultType, dictionaryResultType, countResultType, got 'objects'")
  expect(c2.name):toBe("unsaved")
  ctx:rollback()
  expect(ctx.hasChanges):toBe(false)
end)
