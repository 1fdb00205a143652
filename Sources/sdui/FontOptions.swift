import Foundation
import SDUILayout

/// `--font FILE` and `--font-dir DIR`: the font files whose families payloads may name (`fontFamily`), for every
/// command that lays out.
enum FontOptions {
    /// The options, as every command that lays out declares them.
    static let options: [OptionSpec] = [
        .list("--font", "FILE", "a font file (.ttf, .otf, .ttc) whose families payloads may name in fontFamily;\nrepeat for several (a face given later wins over an equal one given before)"),
        .list("--font-dir", "DIR", "every .ttf, .otf and .ttc file in DIR and its subfolders (in path order, before\nthe --font files); repeat for several"),
    ]

    /// The most font files one command reads (a `--font-dir` of a whole system font folder stays bounded).
    static let maxFiles = 2_000

    /// The faces of `--font-dir` folders (each file in path order) and then of `--font` files (in the order given).
    /// - Throws: exit 66 for a file or folder that cannot be read (or a folder without a font file), with the
    ///   system's reason; exit 65 for a file that is not a font this reader can read, naming the file and the table.
    static func fonts(_ args: Arguments) throws(CLIError) -> FontCollection {
        var files: [String] = []
        for directory in args.all("--font-dir") { files += try fontFiles(in: directory) }
        files += args.all("--font")
        guard files.count <= maxFiles else {
            throw .usage("--font, --font-dir: \(files.count) font files (at most \(maxFiles) are read); name the folders or files the payload uses")
        }
        var fonts = FontCollection()
        for path in files {
            let bytes = try readFont(path)
            do {
                try fonts.addFaces(from: bytes, file: path)
            } catch {
                throw CLIError(message: "\(error.description) (\(error.code.rawValue))", exitCode: ExitCode.dataError)
            }
        }
        return fonts
    }

    /// The bytes of a font file: exit 66 with the system's reason when it cannot be read.
    static func readFont(_ path: String) throws(CLIError) -> [UInt8] {
        if path == "-" { throw .usage("--font: give a font file's path (standard input is for the payload)") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(message: "\(path): cannot read: is a directory, expected a font file (--font-dir reads a folder)", exitCode: ExitCode.noInput)
        }
        do {
            return try readInput(path)
        } catch {
            throw CLIError(message: error.message.replacingOccurrences(of: "expected a JSON file", with: "expected a font file"), exitCode: error.exitCode)
        }
    }

    /// The `.ttf`, `.otf` and `.ttc` files under `directory` (any case), sorted by path: exit 66 when it is not a
    /// readable folder or holds no font file.
    static func fontFiles(in directory: String) throws(CLIError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CLIError(message: "\(directory): cannot read: no such file or directory", exitCode: ExitCode.noInput)
        }
        guard isDirectory.boolValue else {
            throw CLIError(message: "\(directory): cannot read: not a directory (--font reads one file)", exitCode: ExitCode.noInput)
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else {
            throw CLIError(message: "\(directory): cannot read the folder", exitCode: ExitCode.noInput)
        }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let lowered = relative.lowercased()
            guard lowered.hasSuffix(".ttf") || lowered.hasSuffix(".otf") || lowered.hasSuffix(".ttc") else { continue }
            found.append(relative)
            if found.count > maxFiles { break }
        }
        guard !found.isEmpty else {
            throw CLIError(message: "\(directory): no .ttf, .otf or .ttc file in the folder or its subfolders", exitCode: ExitCode.noInput)
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return found.sorted().map { base + $0 }
    }
}
