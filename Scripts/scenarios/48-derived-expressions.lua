-- The expression form: Core Data's derived-attribute functions lowercase:, uppercase:, canonical:
-- (case- and diacritic-insensitive), and the collection operators @count, @sum, @avg, @min, @max.
local model = ripple.model {
  Author = {
    name = "string",
    books = { toMany = "Book", inverse = "author" },
    lower = { derived = "lowercase:(name)" },
    upper = { derived = "uppercase:(name)" },
    canonical = { derived = "canonical:(name)" },
    bookCount = { derived = "books.@count" },
    pages = { derived = "books.@sum.pages" },
    averagePages = { derived = "books.@avg.pages" },
    shortest = { derived = "books.@min.pages" },
    longest = { derived = "books.@max.pages" },
    firstTitle = { derived = "books.@min.title" },
  },
  Book = {
    title = "string",
    pages = { "integer", default = 0 },
    author = { toOne = "Author", inverse = "books" },
    authorKey = { derived = "canonical:(author.name)" },
  },
}
local ctx = ripple.container(model).viewContext
local a = ctx:insert("Author", { name = "Émile Zola" })

scenario("string functions", function()
  expect(a.lower):toBe("émile zola")
  expect(a.upper):toBe("ÉMILE ZOLA")
  expect(a.canonical):toBe("emile zola")
  a.name = "ÉMILE ZOLÀ"
  expect(a.canonical):toBe("emile zola")
end)

scenario("aggregates over an empty and a filled to-many relationship", function()
  expect(a.bookCount):toBe(0)
  expect(a.pages):toBe(0)
  expect(a.averagePages):toBeNil()
  expect(a.shortest):toBeNil()
  local b1 = ctx:insert("Book", { title = "Nana", pages = 400, author = a })
  ctx:insert("Book", { title = "Germinal", pages = 600, author = a })
  expect(a.bookCount):toBe(2)
  expect(a.pages):toBe(1000)
  expect(a.averagePages):toBe(500.0)
  expect(a.shortest):toBe(400)
  expect(a.longest):toBe(600)
  expect(a.firstTitle):toBe("Germinal")
  expect(b1.authorKey):toBe("emile zola")
  b1.pages = 800
  expect(a.longest):toBe(800)
  expect(a.shortest):toBe(600)
end)
