-- Key-value observers hear of values that a merge from a background save or a refresh changed.
local model = ripple.model { Customer = { name = "string" } }
local container = ripple.container(model)
local ctx = container.viewContext
ctx.automaticallyMergesChangesFromParent = true
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:save()
local seen = {}
ripple.observe(ann, "name", function(change) seen[#seen + 1] = tostring(change.old) .. "->" .. tostring(change.new) end)
local bg = container:newBackgroundContext()
bg:performAndWait(function()
  local c = bg:fetch { entity = "Customer" }[1]
  c.name = "Anna"
  bg:save()
end)
ripple.tick()
scenario("an observer of a name hears the merged rename once", function()
  expect(ann.name):toBe("Anna")
  expect(seen):toEqual({ "Ann->Anna" })
end)
scenario("a refresh that discards a local change is heard too", function()
  ann.name = "Local"
  ctx:refresh(ann, false)
  expect(ann.name):toBe("Anna")
  expect(seen):toEqual({ "Ann->Anna", "Anna->Local", "Local->Anna" })
end)
