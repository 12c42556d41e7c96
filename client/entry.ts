console.log('client')
