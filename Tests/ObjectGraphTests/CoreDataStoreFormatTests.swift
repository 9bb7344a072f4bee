@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Customer ←→> Order <<—>> Tag, and one attribute of every type on Customer.
func storeFormatModel() throws -> ManagedObjectModel {
    let customer = EntityDescription(name: "Customer", attributes: [
        AttributeDescription(name: "active", type: .boolean, isOptional: true),
        AttributeDescription(name: "age", type: .integer, isOptional: true),
        AttributeDescription(name: "name", type: .string, isOptional: true),
        AttributeDescription(name: "photo", type: .binary, isOptional: true),
        AttributeDescription(name: "score", type: .double, isOptional: true),
        AttributeDescription(name: "since", type: .date, isOptional: true),
        AttributeDescription(name: "uid", type: .uuid, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "customer", isToMany: true),
    ])
    let order = EntityDescription(name: "Order", attributes: [
        AttributeDescription(name: "total", type: .double, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "customer", destination: "Customer", inverse: "orders"),
        RelationshipDescription(name: "tags", destination: "Tag", inverse: "orders", isToMany: true),
    ])
    let tag = EntityDescription(name: "Tag", attributes: [
        AttributeDescription(name: "label", type: .string, isOptional: true),
    ], relationships: [
        RelationshipDescription(name: "orders", destination: "Order", inverse: "tags", isToMany: true),
    ])
    return try ManagedObjectModel(entities: [customer, order, tag])
}

func storeContext(_ model: ManagedObjectModel, _ path: String) throws -> ManagedObjectContext {
    let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
    coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

/// A store as Core Data lays it out for `storeFormatModel()` — entity numbers, column order and metadata
/// of its own (Tag 1, Customer 2, Order 3; a model cache and a history entity Ripple does not use) — with
/// two customers, three orders and two tags. The metadata blob is a binary property list written by another
/// implementation (Python's plistlib).
let coreDataStoreSQL = """
    CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLABEL VARCHAR );
    CREATE TABLE ZCUSTOMER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZACTIVE INTEGER, ZAGE INTEGER, ZSCORE FLOAT, ZSINCE TIMESTAMP, ZNAME VARCHAR, ZPHOTO BLOB, ZUID BLOB );
    CREATE TABLE ZORDER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCUSTOMER INTEGER, ZTOTAL FLOAT );
    CREATE TABLE Z_3TAGS ( Z_3ORDERS INTEGER, Z_1TAGS INTEGER, PRIMARY KEY (Z_3ORDERS, Z_1TAGS) );
    CREATE INDEX ZORDER_ZCUSTOMER_INDEX ON ZORDER (ZCUSTOMER);
    CREATE INDEX Z_3TAGS_Z_1TAGS_INDEX ON Z_3TAGS (Z_1TAGS, Z_3ORDERS);
    CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
    CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
    CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
    CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, ZTIMESTAMP FLOAT );
    INSERT INTO Z_PRIMARYKEY VALUES (1, 'Tag', 0, 7), (2, 'Customer', 0, 9), (3, 'Order', 0, 4), (16001, 'Transaction', 0, 0);
    INSERT INTO Z_METADATA VALUES (1, 'E8B22CEA-8316-45E7-BC08-3FBA516F962C', X'62706C6973743030D601020304050607080F1012135F101D4E5350657273697374656E63654672616D65776F726B56657273696F6E5F10194E5353746F72654D6F64656C56657273696F6E4861736865735F10204E5353746F72654D6F64656C56657273696F6E48617368657356657273696F6E5F101E4E5353746F72654D6F64656C56657273696F6E4964656E746966696572735B4E5353746F7265547970655F10125F4E534175746F56616375756D4C6576656C1104DCD3090A0B0C0D0E58437573746F6D6572554F72646572535461674F1020000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F4F10200102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F204F102002030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20211003A111505653514C697465513200080015003500510074009500A100B600B900C000C900CF00D300F60119013C013E014001410148000000000000020100000000000000140000000000000000000000000000014A');
    INSERT INTO Z_MODELCACHE VALUES (X'00');
    INSERT INTO ZCUSTOMER VALUES (5, 2, 3, 1, 40, 2.5, 86400.5, 'Ann', X'0102FF', X'E621E1F8C36C495A93FC0C247A3E6E5F');
    INSERT INTO ZCUSTOMER VALUES (9, 2, 1, 0, NULL, NULL, NULL, 'Bob', NULL, NULL);
    INSERT INTO ZORDER VALUES (2, 3, 1, 5, 12.5), (3, 3, 1, 5, 7.25), (4, 3, 1, NULL, 1.0);
    INSERT INTO ZTAG VALUES (1, 1, 1, 'red'), (7, 1, 1, 'blue');
    INSERT INTO Z_3TAGS VALUES (2, 1), (2, 7), (3, 1);

    """

@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct CoreDataStoreFormatTests {
    @Test("a store Ripple writes has Core Data's layout, table by table (sqlite3 .schema)")
    func writtenLayout() throws {
        let path = freshStorePath("layout")
        defer { unlink(path) }
        let ctx = try storeContext(try storeFormatModel(), path)
        let ann = try ctx.insertObject(entityName: "Customer", values: [
            ("name", .string("Ann")), ("age", .integer(40)), ("active", .bool(true)), ("score", .double(1.5)),
            ("since", .date(978_307_200 + 86_400.5)), ("photo", .data([1, 2, 255])),
            ("uid", .uuid(UUIDBytes(string: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)),
        ])
        let order = try ctx.insertObject(entityName: "Order", values: [("total", .double(12.5))])
        let tag = try ctx.insertObject(entityName: "Tag", values: [("label", .string("red"))])
        try order.setValue(.object(ann), forKey: "customer")
        try order.setValue(.collection([.object(tag)]), forKey: "tags")
        try ctx.save()
        try ann.setValue(.integer(41), forKey: "age")
        try ctx.save()
        #expect(sqlite3(path, ".schema") == """
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE ZCUSTOMER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZACTIVE INTEGER, ZAGE INTEGER, ZSCORE FLOAT, ZSINCE TIMESTAMP, ZNAME VARCHAR, ZPHOTO BLOB, ZUID BLOB );
            CREATE TABLE ZORDER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCUSTOMER INTEGER, ZTOTAL FLOAT );
            CREATE INDEX ZORDER_ZCUSTOMER_INDEX ON ZORDER (ZCUSTOMER);
            CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLABEL VARCHAR );
            CREATE TABLE Z_2TAGS ( Z_2ORDERS INTEGER, Z_3TAGS INTEGER, PRIMARY KEY (Z_2ORDERS, Z_3TAGS) );
            CREATE INDEX Z_2TAGS_Z_3TAGS_INDEX ON Z_2TAGS (Z_3TAGS, Z_2ORDERS);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);

            """)
        #expect(sqlite3(path, "SELECT * FROM Z_PRIMARYKEY;") == "1|Customer|0|1\n2|Order|0|1\n3|Tag|0|1\n")
        // Dates in seconds since 2001, booleans 0/1, UUIDs and data as blobs; Z_OPT 2 after the second save.
        #expect(sqlite3(path, "SELECT Z_PK, Z_ENT, Z_OPT, ZACTIVE, ZAGE, ZSCORE, ZSINCE, ZNAME, hex(ZPHOTO), hex(ZUID) FROM ZCUSTOMER;")
                == "1|1|2|1|41|1.5|86400.5|Ann|0102FF|E621E1F8C36C495A93FC0C247A3E6E5F\n")
        #expect(sqlite3(path, "SELECT * FROM ZORDER; SELECT * FROM ZTAG; SELECT * FROM Z_2TAGS;") == "1|2|1|1|12.5\n1|3|1|red\n1|1\n")
        let metadata = sqlite3(path, "SELECT Z_VERSION, length(Z_UUID), substr(hex(Z_PLIST), 1, 16) FROM Z_METADATA;")
        #expect(metadata == "1|36|62706C6973743030\n")
        // The metadata blob: the store's dictionary without its UUID (that is Z_UUID).
        let store = ctx.persistentStoreCoordinator.defaultStore!
        let plist = try BinaryPropertyList.decode(try #require(hexBytes(sqlite3(path, "SELECT hex(Z_PLIST) FROM Z_METADATA;"))))
        guard case .dictionary(let values) = plist else { Issue.record("not a dictionary: \(plist)"); return }
        #expect(values.keys.sorted() == ["NSStoreModelVersionHashes", "NSStoreModelVersionHashesVersion", "NSStoreModelVersionIdentifiers",
                                         "NSStoreType", "_NSAutoVacuumLevel", "_RippleStoreFormat"])
        #expect(values["NSStoreType"] == .string("SQLite"))
        guard case .dictionary(let hashes)? = values["NSStoreModelVersionHashes"] else { Issue.record("no hashes"); return }
        #expect(hashes.keys.sorted() == ["Customer", "Order", "Tag"])
        #expect(hashes.values.allSatisfy { if case .data(let d) = $0 { return d.count == 32 } else { return false } })
        #expect(store.metadata["NSStoreUUID"] == .string(String(sqlite3(path, "SELECT Z_UUID FROM Z_METADATA;").dropLast())))
    }

    @Test("a store laid out by Core Data opens: numbers from Z_PRIMARYKEY, dates from 2001, relationships from foreign keys and join tables")
    func coreDataStoreOpens() throws {
        let path = freshStorePath("coredata")
        defer { unlink(path) }
        #expect(sqlite3(path, coreDataStoreSQL) == "")
        let model = try storeFormatModel()
        let ctx = try storeContext(model, path)
        let customers = try ctx.fetch(FetchRequest(entityName: "Customer"))
        #expect(customers.map(\.displayName) == ["Customer#5", "Customer#9"])
        let ann = customers[0]
        #expect(try ann.value(forKey: "name") == .string("Ann"))
        #expect(try ann.value(forKey: "age") == .integer(40))
        #expect(try ann.value(forKey: "active") == .bool(true))
        #expect(try ann.value(forKey: "score") == .double(2.5))
        #expect(try ann.value(forKey: "since") == .date(978_307_200 + 86_400.5))
        #expect(try ann.value(forKey: "photo") == .data([1, 2, 255]))
        #expect(try ann.value(forKey: "uid") == .uuid(UUIDBytes(string: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
        #expect(try customers[1].value(forKey: "active") == .bool(false))
        func names(_ value: Value) -> [String] {
            guard case .collection(let objects) = value else { return [] }
            return objects.compactMap { $0.objectValue?.displayName }.sorted()
        }
        #expect(names(try ann.value(forKey: "orders")) == ["Order#2", "Order#3"])
        let orders = try ctx.fetch(FetchRequest(entityName: "Order"))
        #expect(orders.map(\.displayName) == ["Order#2", "Order#3", "Order#4"])
        #expect(names(try orders[0].value(forKey: "tags")) == ["Tag#1", "Tag#7"])
        #expect(try orders[2].value(forKey: "customer") == .null)
        let red = try ctx.fetch(FetchRequest(entityName: "Tag"))[0]
        #expect(names(try red.value(forKey: "orders")) == ["Order#2", "Order#3"])
        #expect(ctx.persistentStoreCoordinator.defaultStore!.metadata["NSStoreUUID"] == .string("E8B22CEA-8316-45E7-BC08-3FBA516F962C"))
        #expect(ctx.persistentStoreCoordinator.defaultStore!.metadata["NSPersistenceFrameworkVersion"] == .integer(1244))

        // New objects continue after Z_MAX; a change bumps Z_OPT; pairs go to the join table.
        let cy = try ctx.insertObject(entityName: "Customer", values: [("name", .string("Cy"))])
        #expect(cy.displayName == "Customer#10")
        let green = try ctx.insertObject(entityName: "Tag", values: [("label", .string("green"))])
        #expect(green.displayName == "Tag#8")
        try ann.setValue(.string("Anna"), forKey: "name")
        try orders[2].setValue(.object(cy), forKey: "customer")
        try orders[2].setValue(.collection([.object(green), .object(red)]), forKey: "tags")
        try ctx.save()
        #expect(sqlite3(path, "SELECT Z_PK, Z_ENT, Z_OPT, ZNAME FROM ZCUSTOMER;") == "5|2|4|Anna\n9|2|1|Bob\n10|2|1|Cy\n")
        #expect(sqlite3(path, "SELECT Z_PK, Z_OPT, ZCUSTOMER FROM ZORDER;") == "2|1|5\n3|1|5\n4|2|10\n")
        #expect(sqlite3(path, "SELECT * FROM Z_3TAGS ORDER BY 1, 2;") == "2|1\n2|7\n3|1\n4|1\n4|8\n")
        #expect(sqlite3(path, "SELECT * FROM Z_PRIMARYKEY;") == "1|Tag|0|8\n2|Customer|0|10\n3|Order|0|4\n16001|Transaction|0|0\n")
        // What Ripple does not use is left as it was.
        #expect(sqlite3(path, "SELECT hex(Z_CONTENT) FROM Z_MODELCACHE; SELECT count(*) FROM ATRANSACTION;") == "00\n0\n")

        // Deleting removes the row and its pairs; the file opens again with the same contents.
        try ctx.delete(orders[0])
        try ctx.save()
        #expect(sqlite3(path, "SELECT * FROM Z_3TAGS ORDER BY 1, 2;") == "3|1\n4|1\n4|8\n")
        let again = try storeContext(model, path)
        #expect(try again.fetch(FetchRequest(entityName: "Order")).map(\.displayName) == ["Order#3", "Order#4"])
        let reopenedRed = try again.fetch(FetchRequest(entityName: "Tag"))[0]
        #expect(names(try reopenedRed.value(forKey: "orders")) == ["Order#3", "Order#4"])
    }

    @Test("dates keep the precision of seconds since 2001; -0.0 is stored as 0 (as in Core Data's columns)")
    func realValues() throws {
        let path = freshStorePath("reals")
        defer { unlink(path) }
        let model = try storeFormatModel()
        do {
            let ctx = try storeContext(model, path)
            try ctx.insertObject(entityName: "Customer", values: [("score", .double(-0.0)), ("since", .date(1e-300))])
            try ctx.insertObject(entityName: "Customer", values: [("score", .double(.nan)), ("since", .date(-.infinity))])
            try ctx.save()
        }
        let again = try storeContext(model, path)
        let customers = try again.fetch(FetchRequest(entityName: "Customer"))
        #expect(try customers[0].value(forKey: "score") == .double(0))
        #expect(try customers[0].value(forKey: "since") == .date(0))
        guard case .double(let nan) = try customers[1].value(forKey: "score") else { Issue.record("not a double"); return }
        #expect(nan.isNaN)
        #expect(try customers[1].value(forKey: "since") == .date(-.infinity))
    }
}

/// The bytes of hexadecimal text (whitespace ignored), or nil.
func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8).filter { $0 > 32 }
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for k in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[k...k + 1], as: UTF8.self), radix: 16) else { return nil }
        bytes.append(byte)
    }
    return bytes
}
