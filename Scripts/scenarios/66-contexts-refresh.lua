-- refresh(object, mergeChanges) and refreshAllObjects(): the refreshed set of objectsDidChange.
local model = ripple.model { Customer = { name = "string", city = "string?" } }
local container = ripple.container(model)
local ctx = container.viewContext
local ann = ctx:insert("Customer", { name = "Ann", city = "Oslo" })
ctx:save()
local bg = container:newBackgroundContext()
local function renameInBackground(name, city)
  bg:performAndWait(function()
    local c = bg:fetch { entity = "Customer" }[1]
    c.name = name
    if city then c.city = city end
    bg:save()
  end)
end

scenario("without a merge nothing changes until the object is refreshed", function()
  renameInBackground("Anna")
  expect(ann.name):toBe("Ann")
  ripple.clearEvents()
  ctx:refresh(ann, true)
  ctx:processPendingChanges()
  expect(ann.name):toBe("Anna")
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange refreshed: Customer#1 {name}" })
end)

scenario("refresh with mergeChanges keeps unsaved changes on top", function()
  ann.city = "Bergen"; ctx:processPendingChanges()
  renameInBackground("Anne")
  ctx:refresh(ann, true)
  expect(ann.name):toBe("Anne")
  expect(ann.city):toBe("Bergen")
  expect(ann.hasChanges):toBe(true)
  expect(ann:changedValues()):toEqual({ city = "Bergen" })
end)

scenario("refresh without mergeChanges discards unsaved changes and turns the object into a fault", function()
  ctx:refresh(ann, false)
  expect(ann.isFault):toBe(true)
  expect(ann.city):toBe("Oslo")
  expect(ann.hasChanges):toBe(false)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("refreshAllObjects refreshes every registered object", function()
  renameInBackground("Annie", "Tromsø")
  local updated = {}
  local form = ripple.viewController "Form"
  form:dvc_add(ann)
  function form:dvc_updated(o, keys) updated[#updated + 1] = table.concat(keys, ",") end
  ripple.clearEvents()
  ctx:refreshAllObjects()
  ripple.tick()
  expect(ann.name):toBe("Annie")
  expect(updated):toEqual({ "city,name" })
  expect(ripple.events()[1]):toBe("[viewContext] objectsDidChange refreshed: Customer#1 {city, name}")
end)
