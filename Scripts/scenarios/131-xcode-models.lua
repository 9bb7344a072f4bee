-- Xcode models: ripple.loadModel reads the fixtures under Tests/Fixtures/Models (paths are relative to the
-- working directory: the repository root). Each model takes an object per concrete entity, and fetches
-- through its parents; templates fetch with their variables; bad paths and files leave nothing loaded.
local root = "Tests/Fixtures/Models/"

scenario("MagicalRecord's model: an abstract entity and relationships to it", function()
  local model, warnings = ripple.loadModel(root .. "TestModel.xcdatamodeld")
  expect(#model.entities):toBe(12)
  expect(warnings[4]):toBe(root .. "TestModel.xcdatamodeld/TestModel.xcdatamodel/contents:73: attribute SingleEntityWithNoRelationships.colorTestAttribute: Transformable is stored as binary")
  local ctx = ripple.container(model).viewContext
  local concrete = ctx:insert("ConcreteRelatedEntity", { sampleBaseAttribute = "base", sampleConcreteAttribute = "c" })
  local single = ctx:insert("SingleRelatedEntity", { testAbstractToOneRelationship = concrete,
                                                     testAbstractToManyRelationship = { concrete } })
  ctx:save()
  expect(#ctx:fetch { entity = "AbstractRelatedEntity" }):toBe(1)
  expect(#ctx:fetch { entity = "AbstractRelatedEntity", predicate = "sampleBaseAttribute == 'base'" }):toBe(1)
  expect(single.testAbstractToOneRelationship):toBe(concrete)
  expect(function() ctx:insert("AbstractRelatedEntity", {}) end)
    :toRaise("Cannot create an instance of abstract entity AbstractRelatedEntity; insert one of its sub-entities (ConcreteRelatedEntity)")
end)

scenario("CoreDataPlus's model: three levels of inheritance survive a SQLite round trip", function()
  local model = ripple.loadModel(root .. "SampleModel.xcdatamodeld")
  local path = ripple.temporaryPath("sample-model.sqlite")
  local ctx = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local ann = ctx:insert("Person", { firstName = "Ann", lastName = "Lee", updatedAt = 0,
                                     id = "8C4D1B7E-5F7A-4B0E-9C53-2A3B4C5D6E7F" })
  ctx:insert("Car", { numberPlate = "C-1", owner = ann })
  ctx:insert("SportCar", { numberPlate = "S-1", owner = ann })
  ctx:insert("ExpensiveSportCar", { numberPlate = "E-1", owner = ann, isLimitedEdition = true })
  ctx:save()
  local again = ripple.container(model, { store = "sqlite", path = path }).viewContext
  local plates = {}
  for i, car in ipairs(again:fetch { entity = "Car", sortDescriptors = { "numberPlate" } }) do plates[i] = car.numberPlate end
  expect(plates):toEqual({ "C-1", "E-1", "S-1" })
  expect(#again:fetch { entity = "SportCar" }):toBe(2)
  expect(#again:fetch { entity = "SportCar", includesSubentities = false }):toBe(1)
  local owner = again:fetch { entity = "Person" }[1]
  expect(#owner.cars):toBe(3)
  expect(again:fetch { entity = "ExpensiveSportCar" }[1].owner):toBe(owner)
end)

scenario("the Xcode 4-era Lifts model: sub-entities of an abstract and of a concrete entity", function()
  local model = ripple.loadModel(root .. "Lifts.xcdatamodel")
  local ctx = ripple.container(model).viewContext
  local fto = ctx:insert("FTOLift", { name = "Squat" })
  ctx:insert("SSLift", { name = "Press" })
  local set = ctx:insert("FTOSet", { reps = 5, lift = fto, optional = true })
  ctx:insert("Set", { reps = 3 })
  expect(#ctx:fetch { entity = "Lift" }):toBe(2)
  expect(#ctx:fetch { entity = "Set" }):toBe(2)
  expect(#ctx:fetch { entity = "Set", predicate = "entity == 'FTOSet'" }):toBe(1)
  expect(set.lift):toBe(fto)
  ctx:save()
end)

scenario("fetch request templates with $VARIABLES", function()
  local model = ripple.loadModel(root .. "Templates.xcdatamodel")
  local ctx = ripple.container(model).viewContext
  local inbox = ctx:insert("Folder", { name = "Inbox" })
  ctx:insert("Note", { title = "A", pages = 3, folder = inbox })
  ctx:insert("Report", { title = "B", pages = 9, folder = inbox })
  local request = model:fetchRequestFromTemplate("longNotes", { MIN = 2, FOLDER = "Inbox" })
  expect(request.entity):toBe("Note")
  expect(request.fetchLimit):toBe(5)
  expect(#ctx:fetch(request)):toBe(1)
  expect(ctx:fetch(model:fetchRequestFromTemplate("byTitle", { TITLE = "B" }))[1].title):toBe("B")
  expect(#ctx:fetch(model:fetchRequestFromTemplate("documentsOnly"))):toBe(0)
  expect(function() model:fetchRequestFromTemplate("longNotes", { MIN = 2 }) end)
    :toRaise("Can't get value for 'FOLDER' in bindings {MIN = 2}.")
  expect(function() model:fetchRequestFromTemplate("longest") end)
    :toRaise("the model has no fetch request template named 'longest' (it has byTitle, documentsOnly, longNotes)")
end)

scenario("versions of a bundle, and bad paths", function()
  expect(ripple.loadModel(root .. "ExampleModel.xcdatamodeld").entities):toEqual({ "Company", "Employee" })
  expect(ripple.loadModel(root .. "ExampleModel.xcdatamodeld", { version = "Version 1" }).entities):toEqual({ "Employee" })
  expect(function() ripple.loadModel(root .. "ExampleModel.xcdatamodeld", { version = "Version 7" }) end)
    :toRaise("version 'Version 7.xcdatamodel' is not in the bundle (it has Version 1.xcdatamodel, Version 2.xcdatamodel, Version 3.xcdatamodel)")
  expect(function() ripple.loadModel(root .. "Nope.xcdatamodeld") end)
    :toRaise(root .. "Nope.xcdatamodeld: no such model file or directory")
  expect(function() ripple.loadModel(root .. "Lifts.xcdatamodel", { version = "2" }) end)
    :toRaise("a version can only be chosen in a .xcdatamodeld bundle")
  expect(function() ripple.loadModel(root .. "Lifts.xcdatamodel", { versoin = "2" }) end)
    :toRaise("unknown key 'versoin' in the options of ripple.loadModel")
  expect(function() ripple.loadModel(root .. "README.md") end)
    :toRaise(root .. "README.md:1: malformed XML: text before the root element")
end)
