-- Typos are errors: a misspelled delegate, data-source or view-controller method fails at the line that
-- gives the object its role (or defines the method), with the name meant; a known name holding a
-- non-function fails there too; names near no known one (a controller's own helpers) stay allowed.
-- Every message is compared byte for byte, file:line included.

local model = ripple.model { Person = { firstName = "string", lastName = "string" } }
local ctx = ripple.container(model).viewContext
ctx:insert("Person", { firstName = "Ada", lastName = "Lovelace" })
ctx:save()
local function fn() end

-- Runs `f` and returns its error from the line number on ("12: unknown method …"): the line is the
-- one before the expectation.
local function failure(f)
  local ok, err = pcall(f)
  if ok then return "(no error)" end
  return err:match("140%-no%-false%-greens%-typos%.lua:(.*)$") or err
end

scenario("a misspelled fetched-results delegate method fails at the assignment", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "lastName" } }
  local err = failure(function() frc.delegate = { controllerDidChangeContents = fn } end)
  expect(err):toBe("22: unknown method 'controllerDidChangeContents' for NSFetchedResultsControllerDelegate (did you mean 'controllerDidChangeContent'?)")
  err = failure(function() frc.delegate = { didChangeObjet = fn } end)
  expect(err):toBe("24: unknown method 'didChangeObjet' for NSFetchedResultsControllerDelegate (did you mean 'didChangeObject'?)")
  err = failure(function() frc.delegate = { controllerwillchangecontent = fn } end)
  expect(err):toBe("26: unknown method 'controllerwillchangecontent' for NSFetchedResultsControllerDelegate (did you mean 'controllerWillChangeContent'?)")
  err = failure(function() frc.delegate = { didChangeObject = 42 } end)
  expect(err):toBe("28: 'didChangeObject' of NSFetchedResultsControllerDelegate must be a function, got number")
  -- Nothing was set by the refused assignments; a correct delegate with its own helpers is accepted.
  expect(frc.delegate):toBeNil()
  local changes = {}
  frc.delegate = { didChangeObject = function(_, object) changes[#changes + 1] = object.firstName end,
                   rememberedNames = {}, reset = fn }
  frc:performFetch()
  ctx:insert("Person", { firstName = "Grace", lastName = "Hopper" })
  ctx:save()
  expect(changes):toEqual({ "Grace" })
end)

scenario("an inherited method is checked too (a class instance as delegate)", function()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "lastName" } }
  local Screen = { didChangeSecton = fn }
  Screen.__index = Screen
  local err = failure(function() frc.delegate = setmetatable({}, Screen) end)
  expect(err):toBe("45: unknown method 'didChangeSecton' for NSFetchedResultsControllerDelegate (did you mean 'didChangeSection'?)")
end)

scenario("a misspelled data-source method fails at the assignment; the view keeps no data source", function()
  local tv = ripple.tableView()
  local source = { numberOfRowsInSection = function() return 0 end, cellForRowAtIndexPath = fn,
                   titleForHeaderInSecton = fn }
  local err = failure(function() tv.dataSource = source end)
  expect(err):toBe("53: unknown method 'titleForHeaderInSecton' for UITableViewDataSource (did you mean 'titleForHeaderInSection'?)")
  expect(tv.dataSource):toBeNil()
  err = failure(function() ripple.tableView { dataSource = { numberOfRowsInSection = 1, cellForRowAtIndexPath = fn } } end)
  expect(err):toBe("56: 'numberOfRowsInSection' of UITableViewDataSource must be a function, got number")
  local cv = ripple.collectionView()
  err = failure(function() cv.dataSource = { numberOfItemsInSection = function() return 0 end, cellForItemAtIndexPath = fn, numberOfSection = fn } end)
  expect(err):toBe("59: unknown method 'numberOfSection' for UICollectionViewDataSource (did you mean 'numberOfSections'?)")
  -- supplementaryElementKinds is a value, not a method.
  cv.dataSource = { numberOfItemsInSection = function() return 0 end, cellForItemAtIndexPath = fn, supplementaryElementKinds = { "header" } }
  expect(cv.dataSource.supplementaryElementKinds):toEqual({ "header" })
end)

scenario("a misspelled view-controller method fails where it is defined", function()
  local vc = ripple.viewController { title = "Contacts" }
  local err = failure(function() function vc:viewDidAppaer() end end)
  expect(err):toBe("68: unknown method 'viewDidAppaer' for UIViewController (did you mean 'viewDidAppear'?)")
  err = failure(function() function vc:viewDidload() end end)
  expect(err):toBe("70: unknown method 'viewDidload' for UIViewController (did you mean 'viewDidLoad'?)")
  err = failure(function() vc.dvc_updated = 1 end)
  expect(err):toBe("72: 'dvc_updated' of UIViewController must be a function, got number")
  -- A controller plays its table's data source and its controller's delegate: their names are checked too.
  err = failure(function() function vc:controllerDidChangeContents() end end)
  expect(err):toBe("75: unknown method 'controllerDidChangeContents' for NSFetchedResultsControllerDelegate (did you mean 'controllerDidChangeContent'?)")
  err = failure(function() function vc:cellForRowAtIndexpath() end end)
  expect(err):toBe("77: unknown method 'cellForRowAtIndexpath' for UITableViewDataSource (did you mean 'cellForRowAtIndexPath'?)")
  expect(vc.viewDidAppaer):toBeNil()
  -- Helpers near no known name stay allowed, as do values.
  function vc:reloadContacts() return "reloaded" end
  vc.people = { "Ada" }
  expect(vc:reloadContacts()):toBe("reloaded")
end)

scenario("unknown keys and methods of bridged objects suggest the nearest known name", function()
  local person = ctx:insert("Person", { firstName = "Alan", lastName = "Turing" })
  local err = failure(function() return person.firstname end)
  expect(err):toBe('88: [<Person ' .. tostring(person) .. '> valueForUndefinedKey:]: the entity Person is not key value coding-compliant for the key "firstname". (did you mean \'firstName\'?)')
  err = failure(function() person.lastNme = "T" end)
  expect(err):toBe('90: [<Person ' .. tostring(person) .. '> setValue:forUndefinedKey:]: the entity Person is not key value coding-compliant for the key "lastNme". (did you mean \'lastName\'?)')
  err = failure(function() return ctx.mergePolicyX end)
  expect(err):toBe('92: [<ManagedObjectContext viewContext> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "mergePolicyX". (did you mean \'mergePolicy\'?)')
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "lastName" } }
  err = failure(function() return frc:objectAtIndexpath(1) end)
  expect(err):toBe('95: [<FetchedResultsController> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "objectAtIndexpath". (did you mean \'objectAtIndexPath\'?)')
  err = failure(function() return ctx:fetch { entity = "Person", sortDescriptors = { "firstname" } } end)
  expect(err):toBe("97: keypath firstname not found in entity Person (did you mean 'firstName'?)")
  err = failure(function() return ctx:insert("Persn", {}) end)
  expect(err):toBe("99: +entityForName: could not locate an entity named 'Persn' in this model. (did you mean 'Person'?)")
  err = failure(function() return ctx:insert("Person", { lastname = "x" }) end)
  expect(err):toBe('101: [<Person> valueForUndefinedKey:]: the entity Person is not key value coding-compliant for the key "lastname". (did you mean \'lastName\'?)')
  -- Far from every name: no suggestion.
  err = failure(function() return ctx.zzz end)
  expect(err):toBe('104: [<ManagedObjectContext viewContext> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "zzz".')
  ctx:rollback()
end)
