-- Bad input found by a hostile script over this session's screen API (gestures, prefetching, split and
-- search controllers, explore's options). Two were bugs: a window of `visibleRows = math.maxinteger` trapped
-- (an integer overflow) when a scroll prefetched the rows beyond it, and an explore `container` option that
-- returned something other than a container failed inside explore's own code, without the script's line.
-- The rest pins the refusals: each names the script's line, and the screen is as it was.
local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local function feed(count)
  local tv = ripple.tableView { name = "feed" }
  tv.dataSource = {
    numberOfRowsInSection = function() return count end,
    cellForRowAtIndexPath = function(_, indexPath) return { text = "post " .. indexPath.row } end,
  }
  tv:reloadData()
  return tv
end

scenario("a window as large as an integer goes: the scroll prefetches nothing beyond the last row", function()
  local tv = feed(4)
  local prefetched = {}
  tv.prefetchDataSource = { prefetchRowsAtIndexPaths = function(_, indexPaths)
    for _, ip in ipairs(indexPaths) do prefetched[#prefetched + 1] = tostring(ip) end
  end }
  tv.visibleRows = math.maxinteger
  ripple.user.scroll(tv, ripple.indexPath(0, 1))
  expect(prefetched):toEqual({})
  expect(tv.visibleRows):toBe(math.maxinteger)
  expect(#tv:indexPathsForVisibleRows()):toBe(3)
  ripple.user.scroll(tv, ripple.indexPath(0, 0))
  expect(#tv:indexPathsForVisibleRows()):toBe(4)
end)

scenario("a window of three over five rows prefetches the rows left, not past the end", function()
  local tv = feed(5)
  local prefetched = {}
  tv.prefetchDataSource = { prefetchRowsAtIndexPaths = function(_, indexPaths)
    for _, ip in ipairs(indexPaths) do prefetched[#prefetched + 1] = tostring(ip) end
  end }
  tv.visibleRows = 3
  ripple.user.scroll(tv, ripple.indexPath(0, 1))
  expect(prefetched):toEqual({ "[0, 4]" })
end)

scenario("explore's container option must return a container", function()
  local screen = function() return ripple.tableView() end
  expect(raised(function() ripple.explore { container = function() return 5 end, steps = 2, screen = screen } end))
    :toBe("255-hostile-screens-api.lua:50: ripple.explore: container must return a new container (ripple.container), got number")
  expect(raised(function() ripple.exploreStart { container = function() return {} end, screen = screen } end))
    :toBe("255-hostile-screens-api.lua:52: ripple.explore: container must return a new container (ripple.container), got table")
  local model = ripple.model { Note = { title = "string" } }
  expect(ripple.explore { container = function() return ripple.container(model) end, steps = 3, seed = 4, screen = screen })
    :toEqual({ steps = 3, seed = 4 })
end)
