-- A private-queue context and its objects may only be used inside perform / performAndWait; anything
-- else fails as Core Data's concurrency debugging (-com.apple.CoreData.ConcurrencyDebug 1) reports it.
local model = ripple.model { Customer = { name = "string" } }
local container = ripple.container(model)
local bg = container:newBackgroundContext()
local function misuse(what)
  return "CoreData: error: illegal multithreaded access: " .. what .. " on background#1, a private-queue context (NSPrivateQueueConcurrencyType), outside perform/performAndWait (+[NSManagedObjectContext __Multithreading_Violation_AllThatIsLeftToUsIsHonor__])"
end

scenario("using the context outside its queue is an error", function()
  expect(function() bg:insert("Customer", { name = "Ann" }) end):toRaise(misuse("insert"))
  expect(function() bg:fetch { entity = "Customer" } end):toRaise(misuse("fetch"))
  expect(function() bg:save() end):toRaise(misuse("save"))
  expect(function() bg:processPendingChanges() end):toRaise(misuse("processPendingChanges"))
  expect(function() bg:rollback() end):toRaise(misuse("rollback"))
end)

scenario("touching its objects outside its queue is an error", function()
  local ann = bg:performAndWait(function() return bg:insert("Customer", { name = "Ann" }) end)
  expect(bg:performAndWait(function() return ann.name end)):toBe("Ann")
  expect(function() return ann.name end):toRaise(misuse("reading Customer#1.name"))
  expect(function() ann.name = "Anna" end):toRaise(misuse("changing Customer#1"))
  expect(function() bg:delete(ann) end):toRaise(misuse("delete"))
  expect(bg:performAndWait(function() return ann.name end)):toBe("Ann")
end)

scenario("perform queues work until the end of the event; errors surface at ripple.tick()", function()
  local ran = {}
  bg:perform(function() ran[#ran + 1] = "first" end)
  bg:perform(function() error("boom") end)
  bg:perform(function() ran[#ran + 1] = "third" end)
  expect(ran):toEqual({})
  expect(function() ripple.tick() end):toRaise("boom")
  expect(ran):toEqual({ "first", "third" })
end)

scenario("the view context's objects are refused from dvc_add in a private context", function()
  local other = bg:performAndWait(function() return bg:insert("Customer", { name = "Bg" }) end)
  local form = ripple.viewController "Form"
  expect(function() form:dvc_add(other) end):toRaise("belongs to a private-queue context")
end)
