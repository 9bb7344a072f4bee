-- ripple.explore's bad input: each mistake is an error at the calling line, naming what is wrong, and the
-- script goes on as before (no watch, no extra contexts; a later exploration runs normally).
local model = ripple.model { Person = { name = "string", photo = "binary" } }
local plain = ripple.model { Note = { title = "string?", rank = { "integer", min = 1, max = 2 } } }
local function screen(ctx) return ripple.viewController { title = "empty" } end

local function raises(options, text)
  local ok, err = pcall(ripple.explore, options)
  expect(ok):toBe(false)
  expect(err):toContain(text)
  expect(err:find("^[^:]+171%-explore%-bad%-input%.lua:%d+: ") ~= nil):toBe(true)
end

scenario("unknown options, wrong types and unknown actions", function()
  raises({ model = plain, screen = screen, step = 3 }, "ripple.explore: unknown option 'step' (known options: model, container, setup, screen, steps, seed, actions, values, check, maxObjects, entities, name)")
  raises({ model = plain }, "ripple.explore: screen must be a function(context, container) that builds the screen, got nil")
  raises({ screen = screen }, "ripple.explore: give a model (or a container function)")
  raises({ model = plain, container = ripple.container(plain), screen = screen }, "container must be a function returning a new container")
  raises({ model = plain, screen = screen, steps = 1.5 }, "ripple.explore: steps must be an integer, got 1.5")
  raises({ model = plain, screen = screen, maxObjects = -1 }, "ripple.explore: maxObjects must not be negative, got -1")
  raises({ model = plain, screen = screen, actions = { "insert", "explode" } }, "ripple.explore: unknown action 'explode' (actions: background, batchDelete, batchUpdate, child, delete, edit, insert, moveRow, relate, reset, swipeToDelete, undo, update)")
  raises({ model = plain, screen = screen, check = "yes" }, "ripple.explore: check must be a function, got string")
  raises({ model = plain, screen = screen, values = { Note = { title = "x" } } }, "ripple.explore: values.Note.title must be a list of values, got string")
  raises({ model = plain, screen = screen, entities = { "Nope" } }, "ripple.explore: entities: unknown entity 'Nope' (the model's entities: Note)")
  if ripple.user == nil then
    raises({ model = plain, screen = screen, actions = { "swipeToDelete" } }, "ripple.explore: action 'swipeToDelete' needs ripple.user.swipeToDelete, which this Ripple has not")
  end
end)

scenario("a required attribute Ripple cannot make values for", function()
  raises({ model = model, screen = screen }, "ripple.explore: cannot make values for Person.photo (binary): give values = { Person = { photo = { … } } }")
  expect(ripple.explore { model = model, screen = screen, steps = 20, values = { Person = { photo = { "\0\1" } } } })
    :toEqual({ steps = 20, seed = 1 })
end)

scenario("a screen that fails to build: its own error; nothing is left watched", function()
  local ok, err = pcall(ripple.explore, { model = plain, screen = function() error("no storyboard") end })
  expect(ok):toBe(false)
  expect(err):toContain("171-explore-bad-input.lua:37: no storyboard")
  expect(ripple._exploreViews()):toEqual({})
  expect(ripple.explore { model = plain, screen = screen, steps = 30, seed = 4 }):toEqual({ steps = 30, seed = 4 })
end)

scenario("exploreStart and exploreCheck run a step by hand; validation rules bound the values", function()
  local ctx = ripple.exploreStart { model = plain, screen = screen }
  ripple.exploreCheck { model = plain, screen = screen }
  expect(#ctx:fetch { entity = "Note" }):toBe(0)
  expect(ripple.explore { model = plain, screen = screen, steps = 100, seed = 9,
                          check = function(_, c)
                            for _, n in ipairs(c:fetch { entity = "Note" }) do
                              if n.rank < 1 or n.rank > 2 then return "rank out of range" end
                            end
                          end }):toEqual({ steps = 100, seed = 9 })
end)

scenario("a check that fails is shrunk like any failure", function()
  local ok, err = pcall(ripple.explore, { model = plain, screen = screen, seed = 2,
    check = function(_, c) if c:count { entity = "Note" } >= 3 then return "three notes" end end })
  expect(ok):toBe(false)
  expect(err):toContain("three notes (found after ")
  expect(err):toContain("shrunk to 1 step; seed 2)")
end)
