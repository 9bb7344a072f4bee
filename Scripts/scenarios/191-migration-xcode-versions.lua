-- JSQCoreDataKit's ExampleModel (three versions from a public project): a store saved with Version 1 is
-- opened with Version 2 (three attributes added), then with Version 3 (they are removed again, and a
-- Company entity with a relationship is added). The migrated store's hashes are those a new store of the
-- current version gets; its objects keep their numbers and values. (Opened with Version 1 again it would
-- migrate back: removing an entity and a relationship is inferred too.)
local root = "Tests/Fixtures/Models/"
local bundle = root .. "ExampleModel.xcdatamodeld"
local v1 = ripple.loadModel(bundle, { version = "Version 1" })
local v2 = ripple.loadModel(bundle, { version = "Version 2" })
local v3 = ripple.loadModel(bundle)
local path = ripple.temporaryPath("scenario-191.sqlite")

local function metadata(container)
  local coordinator = container.persistentStoreCoordinator
  return coordinator:metadataForPersistentStore(coordinator.persistentStores[1])
end

local uuid
scenario("Version 1 saves two employees", function()
  local container = ripple.container(v1, { store = "sqlite", path = path })
  local ctx = container.viewContext
  ctx:insert("Employee", { name = "Ann", birthDate = 0, salary = "1234.50" })
  ctx:insert("Employee", { name = "Bob", birthDate = 86400 })
  ctx:save()
  uuid = metadata(container).NSStoreUUID
end)

scenario("Version 2 opens it: the new optional attributes are nil, the decimal default is kept", function()
  local container = ripple.container(v2, { store = "sqlite", path = path })
  local ann = container.viewContext:fetch { entity = "Employee", sortDescriptors = { "name" } }[1]
  expect({ tostring(ann), ann.name, ann.salary, ann.companyName, ann.companyProfits }):toEqual({ "Employee#1", "Ann", 1234.5, nil, 0 })
  ann.companyName = "Acme"
  container.viewContext:save()
  expect(metadata(container).NSStoreUUID):toBe(uuid)
end)

scenario("Version 3 opens it: same hashes as a new store of Version 3, objects kept", function()
  local container = ripple.container(v3, { store = "sqlite", path = path })
  local fresh = ripple.container(v3, { store = "sqlite", path = ripple.temporaryPath("scenario-191-fresh.sqlite") })
  local migrated, new = metadata(container).NSStoreModelVersionHashes, metadata(fresh).NSStoreModelVersionHashes
  expect(migrated):toEqual(new)
  local ctx = container.viewContext
  local people = ctx:fetch { entity = "Employee", sortDescriptors = { "name" } }
  expect({ people[1].name, people[2].name, people[2].birthDate }):toEqual({ "Ann", "Bob", 86400 })
  local company = ctx:insert("Company", { name = "Acme", dateFounded = 0 })
  company.employees = people
  ctx:save()
  expect(people[1].company):toBe(company)
  expect(function() ripple.container(v1, { store = "sqlite", path = path, migratePersistentStoresAutomatically = false }) end)
    :toRaise("The model used to open the store is incompatible with the one used to create the store")
end)
