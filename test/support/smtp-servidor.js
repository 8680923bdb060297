// A real SMTP server (the smtp-server package) as a process of its own, for the mail e2e test.
// Usage: node test/support/smtp-servidor.js <folder> <user> <password>
// Each accepted message is written to <folder>/<n>.eml and announced on stdout as one JSON line
// {evento:'mensaje', archivo, de, para, usuario}; the first line is {evento:'listo', puerto}.
// Recipients starting with 'rechazado' are refused for good (550); those starting with 'temporal' are deferred
// (451) the first time they are seen and accepted afterwards.
const { Buffer } = require('node:buffer');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { SMTPServer } = require('smtp-server');

const [carpeta, usuario, clave] = process.argv.slice(2);
const vistos = new Map();
let secuencia = 0;

const anunciar = (evento) => process.stdout.write(`${JSON.stringify(evento)}\n`);

function rechazo(codigo, texto) {
  const error = new Error(texto);
  error.responseCode = codigo;
  return error;
}

const server = new SMTPServer({
  logger: false,
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  onAuth(auth, _session, callback) {
    if (auth.username === usuario && auth.password === clave) return callback(null, { user: auth.username });
    return callback(rechazo(535, '5.7.8 Usuario o clave incorrectos'));
  },
  onRcptTo(address, _session, callback) {
    const direccion = address.address.toLowerCase();
    if (direccion.startsWith('rechazado')) return callback(rechazo(550, `5.1.1 <${address.address}>: buzón inexistente`));
    if (direccion.startsWith('temporal')) {
      const veces = (vistos.get(direccion) || 0) + 1;
      vistos.set(direccion, veces);
      if (veces === 1) return callback(rechazo(451, '4.3.0 Buzón ocupado, intente más tarde'));
    }
    return callback();
  },
  onData(stream, session, callback) {
    const partes = [];
    stream.on('data', (parte) => partes.push(parte));
    stream.on('end', () => {
      secuencia += 1;
      const archivo = join(carpeta, `${secuencia}.eml`);
      writeFileSync(archivo, Buffer.concat(partes));
      anunciar({
        evento: 'mensaje',
        archivo,
        de: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        para: session.envelope.rcptTo.map((r) => r.address),
        usuario: session.user || null,
      });
      callback(null, `2.0.0 Mensaje ${secuencia} recibido`);
    });
  },
});

server.on('error', (error) => process.stderr.write(`smtp-servidor: ${error.message}\n`));
server.listen(0, '127.0.0.1', () => anunciar({ evento: 'listo', puerto: server.server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
