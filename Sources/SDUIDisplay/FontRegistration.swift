#if canImport(CoreText)
import CoreText
#endif
import Foundation
import SDUILayout

/// Registers the bundled faces (`BundledFonts`) with CoreText for the process, once, on first use.
///
/// Each file is registered with `CTFontManagerRegisterFontsForURL` (scope `.process`), then looked up again by its
/// PostScript name: a face that cannot be registered, or that CoreText resolves to another font, is a problem the
/// host reports (`SDUIScreenViewController.fontProblems`, `SDUIScreenView`'s log) instead of silently drawing a
/// font the engine did not measure. A face the app already registered itself is not a problem. Without CoreText
/// (Linux: the headless runtime and the renderer, which embeds the faces in its pages) there is nothing to register.
public enum FontRegistration {
    /// A bundled face that cannot be drawn.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The bundled file.
        public var fileName: String
        /// What went wrong.
        public var message: String

        /// `file: message`.
        public var description: String { "\(fileName): \(message)" }
    }

    /// Registers the bundled faces (the first call does the work; later calls return its result).
    /// - Returns: The faces that cannot be drawn; empty when every one is available.
    @discardableResult
    public static func registerBundledFonts() -> [Problem] { problems }

    private static let problems: [Problem] = BundledFonts.faces.compactMap(register)

    private static func register(_ face: BundledFonts.Face) -> Problem? {
        #if canImport(CoreText)
        guard let url = BundledFonts.url(of: face) else {
            return Problem(fileName: face.fileName, message: "not in SDUILayout's resource bundle")
        }
        var error: Unmanaged<CFError>?
        if !CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error) {
            let failure = error?.takeRetainedValue()
            let code = failure.map { CFErrorGetCode($0) } ?? 0
            if code != CFIndex(CTFontManagerError.alreadyRegistered.rawValue) {
                let reason = failure.map { CFErrorCopyDescription($0) as String } ?? "unknown error"
                return Problem(fileName: face.fileName, message: "CoreText cannot register it (error \(code): \(reason))")
            }
        }
        let font = CTFontCreateWithName(face.postScriptName as CFString, 17, nil)
        let resolved = CTFontCopyPostScriptName(font) as String
        guard resolved == face.postScriptName else {
            return Problem(fileName: face.fileName,
                           message: "registered, but \"\(face.postScriptName)\" resolves to \"\(resolved)\"")
        }
        return nil
        #else
        return nil
        #endif
    }
}
