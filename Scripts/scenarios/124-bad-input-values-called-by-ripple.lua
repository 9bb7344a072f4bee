-- Bad input: a value that is not a function, stored where Ripple calls a method (a lifecycle or
-- dependent-controller method, a delegate or data source function). Lua's own message would be a bare
-- "attempt to call a number value" with no place. A view controller's known methods are checked where they
-- are stored; a delegate table changed after it was set is caught when Ripple calls it: the error names the
-- method and the object and carries the line of the script that caused the call. Everything stays usable.
local model = ripple.model { Customer = { name = "string" } }
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:save()

scenario("a lifecycle method that is a number is refused where it is stored", function()
  local window = ripple.window()
  local form = ripple.viewController "Form"
  -- refused at the assignment (the typo check knows UIViewController's methods), so it is never called
  expect(function() form.viewDidLoad = 7 end)
    :toRaise("124-bad-input-values-called-by-ripple.lua:15: 'viewDidLoad' of UIViewController must be a function, got number")
  expect(function() form.viewWillAppear = "soon" end)
    :toRaise("'viewWillAppear' of UIViewController must be a function, got string")
  window.rootViewController = form
  expect(window.rootViewController):toBe(form)
end)

scenario("a dependent controller's dvc_updated that is a table", function()
  local form = ripple.viewController "Detail"
  form:dvc_add(ann)
  expect(function() form.dvc_updated = {} end)
    :toRaise("'dvc_updated' of UIViewController must be a function, got table")
  -- a callable table is a function
  local heard = {}
  form.dvc_updated = setmetatable({}, { __call = function(_, vc, object) heard[#heard + 1] = object.name end })
  ann.name = "Annie"
  ctx:processPendingChanges()
  expect(heard):toEqual({ "Annie" })
  expect(ann.name):toBe("Annie")
end)

scenario("a delegate function replaced by a number after it was set", function()
  local calls = {}
  local delegate = { controllerDidChangeContent = function() calls[#calls + 1] = "did" end }
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = delegate
  frc:performFetch()
  delegate.controllerDidChangeContent = 42
  ctx:insert("Customer", { name = "Bob" })
  expect(function() ctx:processPendingChanges() end)
    :toRaise("124%-bad%-input%-values%-called%-by%-ripple%.lua:45: CoreData: error: Serious application error%.  An exception was caught from the delegate of NSFetchedResultsController during a call to %-controllerDidChangeContent:%.  controllerDidChangeContent of the delegate of <FetchedResultsController> is a number, not a function")
  delegate.controllerDidChangeContent = function() calls[#calls + 1] = "did" end
  ctx:insert("Customer", { name = "Cy" })
  ctx:processPendingChanges()
  expect(calls):toEqual({ "did" })
  expect(#frc.fetchedObjects):toBe(3)
end)

scenario("a data source function replaced by a number", function()
  local source = {
    numberOfRowsInSection = function() return 1 end,
    cellForRowAtIndexPath = function(view, ip) return view:dequeueReusableCell("Cell", ip) end,
  }
  local tv = ripple.tableView { dataSource = source }
  tv:register("Cell")
  expect(tv:numberOfRowsInSection(0)):toBe(1)
  source.numberOfRowsInSection = true
  expect(function() tv:reloadData(); return tv:numberOfRowsInSection(0) end)
    :toRaise("124%-bad%-input%-values%-called%-by%-ripple%.lua:63: numberOfRowsInSection of the data source is a boolean, not a function")
  source.numberOfRowsInSection = function() return 2 end
  tv:reloadData()
  expect(tv:numberOfRowsInSection(0)):toBe(2)
end)

scenario("a callable table plays a delegate method where it is set", function()
  local calls = {}
  local method = setmetatable({}, { __call = function() calls[#calls + 1] = "did" end })
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" } }
  frc.delegate = { controllerDidChangeContent = method }   -- accepted: callable, as a function is
  frc:performFetch()
  ctx:insert("Customer", { name = "Dee" })
  ctx:processPendingChanges()
  expect(calls):toEqual({ "did" })
  expect(function() frc.delegate = { controllerDidChangeContent = {} } end)
    :toRaise("'controllerDidChangeContent' of NSFetchedResultsControllerDelegate must be a function, got table")
end)
